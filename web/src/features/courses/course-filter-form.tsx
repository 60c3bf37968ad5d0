// The filter panel of the search page. It edits a draft; the page only changes
// (and the URL with it) when the form is submitted.
import { useForm } from 'react-hook-form';
import { SelectField } from '@web/components/select-field';
import { TextField } from '@web/components/text-field';
import type { CourseFilters } from './api';
import styles from './course-filter-form.module.css';
import { SEARCH_EXAMPLES, SEARCH_HINT } from './search-examples';

interface CourseFilterFormProps {
  /** The filters in the URL: the draft starts from them and follows them on back/forward. */
  applied: CourseFilters;
  /** The catalog's terms, newest first; undefined while unknown. */
  terms: string[] | undefined;
  onSubmit: (filters: CourseFilters) => void;
}

export function CourseFilterForm({ applied, terms = [], onSubmit }: CourseFilterFormProps) {
  const { register, handleSubmit } = useForm<CourseFilters>({ values: applied });
  // A term from an old link must still show as selected, even if the catalog no longer lists it.
  const options = (applied.term && !terms.includes(applied.term) ? [...terms, applied.term] : terms).map((term) => ({
    value: term,
    label: term,
  }));

  return (
    <form
      className={styles.form}
      role="search"
      aria-label="Filter courses"
      onSubmit={handleSubmit((draft) =>
        onSubmit({ q: draft.q.trim(), name: draft.name.trim(), courseCode: draft.courseCode.trim(), term: draft.term }),
      )}
    >
      <TextField
        id="filter-search"
        className={styles.search}
        label="Search"
        type="search"
        autoComplete="off"
        spellCheck={false}
        placeholder="Code, title, instructor or class number"
        hint={SEARCH_HINT}
        {...register('q')}
      />
      <TextField
        id="filter-course-name"
        label="Course Name"
        autoComplete="off"
        placeholder={`e.g. ${SEARCH_EXAMPLES.name}`}
        {...register('name')}
      />
      <TextField
        id="filter-course-code"
        label="Course Code"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        placeholder={`e.g. ${SEARCH_EXAMPLES.courseCode}`}
        {...register('courseCode')}
      />
      <SelectField id="filter-course-term" label="Course Term" placeholder="Select Course Term" options={options} {...register('term')} />
      <button type="submit" className={`button button--primary ${styles.submit}`}>
        Search Courses
      </button>
    </form>
  );
}
