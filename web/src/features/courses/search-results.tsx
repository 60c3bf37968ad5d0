// The results of a catalog search: how many, the course cards and the pager.
// While the next answer loads the last one stays, dimmed. A search or a new
// page brings them into view (on a phone they start below the filters and
// Add my classes, where a search would otherwise change nothing on screen).
// A search that moves the view moves focus with it, to the Results heading: a
// screen reader says where the student is (the count follows when the answer
// lands), and a phone's keyboard, up since the search box, goes away instead
// of covering the results. On a phone that is every search; wider, only one
// whose results were out of view (focus stays in the form otherwise).
import { useEffect, useRef } from 'react';
import { ErrorLine } from '@web/components/error-line';
import { LoadingLine } from '@web/components/loading-line';
import { Pager } from '@web/components/pager';
import { MEDIA } from '@web/styles/breakpoints';
import type { SearchResult } from './api';
import { CourseCard } from './course-card';
import styles from './search-results.module.css';

interface SearchResultsProps {
  /** The answer on screen: the one for this search, or the last one while it loads. */
  result: SearchResult | undefined;
  loading: boolean;
  failed: boolean;
  /** The page in the URL. */
  page: number;
  /** How many searches the student has submitted here: each one brings the results into view. */
  searches: number;
  onRetry: () => void;
  onPageChange: (page: number) => void;
}

function countText({ total, page, pageCount }: SearchResult): string {
  if (total === 0) return '';
  const courses = `${total.toLocaleString('en-US')} ${total === 1 ? 'course' : 'courses'}`;
  return pageCount > 1 ? `${courses}, page ${page} of ${pageCount}` : courses;
}

/**
 * Scrolls the results' top into view when it is above the screen, or (after a search) too far down to
 * see, or (after a search on a phone) wherever it is; whether it did.
 */
function reveal(section: HTMLElement | null, afterSearch: boolean): boolean {
  if (!section) return false;
  const top = section.getBoundingClientRect().top;
  // Lower than this, not even the heading and the count would show that the search answered.
  const lowest = window.innerHeight - 120;
  const phone = window.matchMedia(MEDIA['sm-down']).matches;
  const moved = top < 0 || (afterSearch && (phone || top > lowest));
  if (moved) section.scrollIntoView({ block: 'start' });
  return moved;
}

export function SearchResults({ result, loading, failed, page, searches, onRetry, onPageChange }: SearchResultsProps) {
  const sectionRef = useRef<HTMLElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (searches > 0 && reveal(sectionRef.current, true)) headingRef.current?.focus({ preventScroll: true });
  }, [searches]);

  function goToPage(target: number) {
    onPageChange(target);
    reveal(sectionRef.current, false);
  }

  return (
    <section className={styles.results} ref={sectionRef} aria-labelledby="search-results-heading" aria-busy={loading}>
      <div className={styles.header}>
        <h2 className={styles.title} id="search-results-heading" ref={headingRef} tabIndex={-1}>
          Results
        </h2>
        <p className={styles.count} aria-live="polite">
          {result && !loading && !failed ? countText(result) : ''}
        </p>
      </div>

      {loading ? <LoadingLine>Loading courses...</LoadingLine> : null}
      {failed ? <ErrorLine onRetry={onRetry}>Could not load courses.</ErrorLine> : null}
      {!loading && !failed && result && result.courses.length === 0 ? (
        <p className="notice notice--inline">No courses match your search criteria. Please try again.</p>
      ) : null}

      {!failed && result && result.courses.length > 0 ? (
        <>
          <ul className={loading ? `${styles.cards} ${styles.stale}` : styles.cards}>
            {result.courses.map((course) => (
              <li key={course.id}>
                <CourseCard course={course} memberCourseIds={result.memberCourseIds} filters={result.filters} />
              </li>
            ))}
          </ul>
          <Pager page={page} pageCount={result.pageCount} onPageChange={goToPage} />
        </>
      ) : null}
    </section>
  );
}
