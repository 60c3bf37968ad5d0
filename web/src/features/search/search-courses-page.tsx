// /search-courses: filter the catalog, page through it, join and leave courses.
// The filters and the page live in the URL (?name=&code=&term=&page=), so back,
// forward and reload show the same results.
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ErrorLine } from '../../components/error-line';
import { LoadingLine } from '../../components/loading-line';
import { Pager } from '../../components/pager';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useSessionStore } from '../../lib/session-store';
import { useSignOutWhenExpired } from '../../lib/use-sign-out-when-expired';
import { joinCourse, leaveCourse } from '../courses/api';
import type { Course } from '../../../../adapters/http/contract/courses';
import { filterCourses, hasFilters, searchCourses, type CatalogPage, type CourseFilters, type SearchResult } from './api';
import { CourseCard } from './course-card';
import { CourseFilterForm } from './course-filter-form';

function pageFromUrl(value: string | null): number {
  const page = Number.parseInt(value ?? '', 10);
  return Number.isFinite(page) && page >= 1 ? page : 1;
}

function keyOf(filters: CourseFilters, page: number, refresh: number): string {
  return JSON.stringify([filters.name, filters.courseCode, filters.term, page, refresh]);
}

export function SearchCoursesPage() {
  useDocumentTitle('Search Courses');
  const userId = useSessionStore((state) => state.currentUser?.id);
  const signOutWhenExpired = useSignOutWhenExpired();
  const [params, setParams] = useSearchParams();
  const name = params.get('name') ?? '';
  const courseCode = params.get('code') ?? '';
  const term = params.get('term') ?? '';
  const page = pageFromUrl(params.get('page'));

  const [result, setResult] = useState<SearchResult | null>(null);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const [terms, setTerms] = useState<string[] | null>(null);
  const [memberIds, setMemberIds] = useState<ReadonlySet<number>>(new Set());
  const [pending, setPending] = useState<ReadonlySet<number>>(new Set());
  const [cardErrors, setCardErrors] = useState<ReadonlyMap<number, string>>(new Map());
  // Bumped by every submit, so searching again for the same thing still asks the server.
  const [refresh, setRefresh] = useState(0);
  // The query whose answer is on screen: when the server clamps the page and we
  // put its page into the URL, there is nothing new to fetch.
  const shownKey = useRef<string | null>(null);
  const termsRequested = useRef(false);
  const resultsRef = useRef<HTMLElement>(null);

  const filtered = hasFilters({ name, courseCode, term });

  useEffect(() => {
    const filters = { name, courseCode, term };
    if (shownKey.current === keyOf(filters, page, refresh)) return;
    let current = true;
    setLoading(true);
    setFailed(false);
    const request: Promise<SearchResult | CatalogPage> = hasFilters(filters) ? filterCourses(filters, page) : searchCourses(page);
    request
      .then((answer) => {
        if (!current) return;
        shownKey.current = keyOf(filters, answer.page, refresh);
        setResult(answer);
        setMemberIds(new Set(answer.memberCourseIds));
        setCardErrors(new Map());
        setLoading(false);
        if ('terms' in answer) setTerms(answer.terms);
        if (answer.page !== page) {
          setParams(
            (currentParams) => {
              const next = new URLSearchParams(currentParams);
              next.set('page', String(answer.page));
              return next;
            },
            { replace: true },
          );
        }
      })
      .catch((error: unknown) => {
        if (!current || signOutWhenExpired(error)) return;
        console.error('Could not search the courses', error);
        setLoading(false);
        setFailed(true);
      });
    return () => {
      current = false;
    };
  }, [name, courseCode, term, page, refresh, setParams, signOutWhenExpired]);

  // A filtered first visit never calls search-courses, which is what lists the terms.
  useEffect(() => {
    if (terms !== null || !filtered || termsRequested.current) return;
    termsRequested.current = true;
    searchCourses(1)
      .then((answer) => setTerms(answer.terms))
      .catch((error: unknown) => {
        termsRequested.current = false;
        console.error('Could not load the course terms', error);
      });
  }, [filtered, terms]);

  function applyFilters(filters: CourseFilters) {
    const next = new URLSearchParams();
    if (filters.name) next.set('name', filters.name);
    if (filters.courseCode) next.set('code', filters.courseCode);
    if (filters.term) next.set('term', filters.term);
    next.set('page', '1');
    setParams(next);
    setRefresh((count) => count + 1);
  }

  function goToPage(target: number) {
    setParams((currentParams) => {
      const next = new URLSearchParams(currentParams);
      next.set('page', String(target));
      return next;
    });
    const top = resultsRef.current?.getBoundingClientRect().top ?? 0;
    if (top < 0) resultsRef.current?.scrollIntoView({ block: 'start' });
  }

  function retry() {
    shownKey.current = null;
    setRefresh((count) => count + 1);
  }

  async function toggleMembership(course: Course) {
    if (userId === undefined || pending.has(course.id)) return;
    const joining = !memberIds.has(course.id);
    const setMember = (member: boolean) =>
      setMemberIds((current) => {
        const next = new Set(current);
        if (member) next.add(course.id);
        else next.delete(course.id);
        return next;
      });
    // Flip first: the answer almost always agrees, and the button should not lag behind the click.
    setMember(joining);
    setPending((current) => new Set(current).add(course.id));
    setCardErrors((current) => withoutKey(current, course.id));
    try {
      await (joining ? joinCourse(userId, course.id) : leaveCourse(userId, course.id));
    } catch (error) {
      if (signOutWhenExpired(error)) return;
      console.error(`Could not ${joining ? 'join' : 'leave'} course ${course.id}`, error);
      setMember(!joining);
      setCardErrors((current) =>
        new Map(current).set(course.id, joining ? 'Could not join this course. Please try again.' : 'Could not leave this course. Please try again.'),
      );
    } finally {
      setPending((current) => withoutItem(current, course.id));
    }
  }

  return (
    <div className="page search-page">
      <header className="search-page__header">
        <h1 className="page__title">Search Courses</h1>
        <p className="page__lead">Search University of Florida courses</p>
      </header>

      <CourseFilterForm applied={{ name, courseCode, term }} terms={terms} onSubmit={applyFilters} />

      <section className="search-results" ref={resultsRef} aria-labelledby="search-results-heading" aria-busy={loading}>
        <div className="search-results__header">
          <h2 className="search-results__title" id="search-results-heading">
            Results
          </h2>
          <p className="search-results__count" aria-live="polite">
            {result && !loading ? countText(result) : ''}
          </p>
        </div>

        {loading ? <LoadingLine>Loading courses...</LoadingLine> : null}
        {failed ? <ErrorLine onRetry={retry}>Could not load courses.</ErrorLine> : null}
        {!loading && !failed && result && result.courses.length === 0 ? (
          <p className="notice notice--inline">No courses match your search criteria. Please try again.</p>
        ) : null}

        {!failed && result && result.courses.length > 0 ? (
          <>
            <ul className={`course-cards${loading ? ' course-cards--stale' : ''}`}>
              {result.courses.map((course) => (
                <li key={course.id}>
                  <CourseCard
                    course={course}
                    isMember={memberIds.has(course.id)}
                    pending={pending.has(course.id)}
                    error={cardErrors.get(course.id) ?? null}
                    onToggleMembership={(chosen) => void toggleMembership(chosen)}
                  />
                </li>
              ))}
            </ul>
            <Pager page={page} pageCount={result.pageCount} onPageChange={goToPage} />
          </>
        ) : null}
      </section>
    </div>
  );
}

function countText({ total, page, pageCount }: SearchResult): string {
  if (total === 0) return '';
  const courses = `${total.toLocaleString('en-US')} ${total === 1 ? 'course' : 'courses'}`;
  return pageCount > 1 ? `${courses}, page ${page} of ${pageCount}` : courses;
}

function withoutKey<Key, Value>(map: ReadonlyMap<Key, Value>, key: Key): ReadonlyMap<Key, Value> {
  const next = new Map(map);
  next.delete(key);
  return next;
}

function withoutItem<Item>(set: ReadonlySet<Item>, item: Item): ReadonlySet<Item> {
  const next = new Set(set);
  next.delete(item);
  return next;
}
