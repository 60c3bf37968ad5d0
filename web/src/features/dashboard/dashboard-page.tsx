// A simple signed-in home until the courses dashboard lands.
import { Link } from 'react-router-dom';
import { useSessionStore } from '../auth/session-store';
import { useDocumentTitle } from '../../lib/use-document-title';

export function DashboardPage() {
  useDocumentTitle('Dashboard');
  const firstName = useSessionStore((state) => state.currentUser?.firstName ?? '');

  return (
    <div className="page page--narrow">
      <h1 className="page__title">Welcome, {firstName}</h1>
      <p className="page__lead">Your courses and study groups will appear here. Start by finding a course to join.</p>
      <Link to="/search-courses" className="button button--primary">
        Search courses
      </Link>
    </div>
  );
}
