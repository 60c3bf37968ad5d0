import { Link } from 'react-router-dom';

/** What /course/{id} shows for an unknown or malformed id. */
export function CourseNotFound({ headingLevel = 1 }: { headingLevel?: 1 | 2 }) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <div className="notice">
      <Heading className="notice__title">Course not found</Heading>
      <p className="notice__text">There is no course at this address. It may have been removed from the catalog.</p>
      <Link to="/search-courses" className="button button--primary">
        Search courses
      </Link>
    </div>
  );
}
