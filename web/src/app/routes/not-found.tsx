// Any address the route table does not know.
import { Link } from 'react-router-dom';
import { useDocumentTitle } from '@web/lib/use-document-title';

export function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <div className="page page--narrow">
      <h1 className="page__title">Page not found</h1>
      <p className="page__lead">There is nothing at this address.</p>
      <Link to="/">Go to the home page</Link>
    </div>
  );
}
