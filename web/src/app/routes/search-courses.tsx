// /search-courses: search the catalog, page through it, join and leave sections,
// add one's classes by class number. The search and the page live in the URL
// (?q=&name=&code=&term=&page=), so back,
// forward and reload show the same results.
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { hasFilters, useCatalogSearch, useCatalogTerms, useSearchAgain, type CourseFilters } from '@web/features/courses/api';
import { AddClassesPanel } from '@web/features/courses/add-classes-panel';
import { CatalogStatus } from '@web/features/courses/catalog-status';
import { CourseFilterForm } from '@web/features/courses/course-filter-form';
import { SearchResults } from '@web/features/courses/search-results';
import { useDocumentTitle } from '@web/lib/use-document-title';
import styles from './search-courses.module.css';

function pageFromUrl(value: string | null): number {
  const page = Number.parseInt(value ?? '', 10);
  return Number.isFinite(page) && page >= 1 ? page : 1;
}

export function SearchCoursesPage() {
  useDocumentTitle('Search Courses');
  const [params, setParams] = useSearchParams();
  const filters: CourseFilters = {
    q: params.get('q') ?? '',
    name: params.get('name') ?? '',
    courseCode: params.get('code') ?? '',
    term: params.get('term') ?? '',
  };
  const page = pageFromUrl(params.get('page'));
  const search = useCatalogSearch(filters, page);
  const terms = useCatalogTerms(hasFilters(filters));
  const searchAgain = useSearchAgain();
  const [searches, setSearches] = useState(0);

  // The server clamps a page past the end; the URL (and the pager) follow the page it used.
  const answeredPage = search.isPlaceholderData ? undefined : search.data?.page;
  useEffect(() => {
    if (answeredPage === undefined || answeredPage === page) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('page', String(answeredPage));
        return next;
      },
      { replace: true },
    );
  }, [answeredPage, page, setParams]);

  function applyFilters(chosen: CourseFilters) {
    const next = new URLSearchParams();
    if (chosen.q) next.set('q', chosen.q);
    if (chosen.name) next.set('name', chosen.name);
    if (chosen.courseCode) next.set('code', chosen.courseCode);
    if (chosen.term) next.set('term', chosen.term);
    next.set('page', '1');
    setParams(next);
    void searchAgain(chosen, 1);
    setSearches((count) => count + 1);
  }

  function goToPage(target: number) {
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set('page', String(target));
      return next;
    });
  }

  return (
    <div className={`page ${styles.page}`}>
      <header className={styles.header}>
        <h1 className="page__title">Search Courses</h1>
        <p className="page__lead">Search University of Florida courses</p>
        <CatalogStatus />
      </header>

      <CourseFilterForm applied={filters} terms={terms.data} onSubmit={applyFilters} />

      <AddClassesPanel terms={terms.data ?? []} defaultTerm={filters.term || terms.data?.[0] || ''} />

      <SearchResults
        result={search.data}
        loading={search.isFetching}
        failed={search.isError && !search.isFetching}
        page={page}
        searches={searches}
        onRetry={() => void search.refetch()}
        onPageChange={goToPage}
      />
    </div>
  );
}
