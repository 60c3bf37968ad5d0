// Stands in for signed-in pages that later issues build.
import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../../lib/use-document-title';

export function ComingNextPage({ title }: { title: string }) {
  useDocumentTitle(title);
  return (
    <div className="page page--narrow">
      <h1 className="page__title">{title}</h1>
      <p className="page__lead">This page is being built. Check back soon.</p>
      <Link to="/">Back to your dashboard</Link>
    </div>
  );
}
