// The filter panel of the search page. It edits a draft; the page only changes
// (and the URL with it) when the form is submitted.
import { useState, type FormEvent } from 'react';
import { FormField } from '../../components/form-field';
import type { CourseFilters } from './api';

interface CourseFilterFormProps {
  /** The filters in the URL: the draft starts from them and follows them on back/forward. */
  applied: CourseFilters;
  /** The catalog's terms, newest first; null while unknown. */
  terms: string[] | null;
  onSubmit: (filters: CourseFilters) => void;
}

export function CourseFilterForm({ applied, terms, onSubmit }: CourseFilterFormProps) {
  const [draft, setDraft] = useState<CourseFilters>(applied);
  const [shownApplied, setShownApplied] = useState(applied);
  if (!sameFilters(shownApplied, applied)) {
    setShownApplied(applied);
    setDraft(applied);
  }

  // A term from an old link must still show as selected, even if the catalog no longer lists it.
  const termOptions = terms ?? [];
  const options = applied.term && !termOptions.includes(applied.term) ? [...termOptions, applied.term] : termOptions;

  function update(field: keyof CourseFilters) {
    return (event: { target: { value: string } }) => {
      const value = event.target.value;
      setDraft((current) => ({ ...current, [field]: value }));
    };
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSubmit({ name: draft.name.trim(), courseCode: draft.courseCode.trim(), term: draft.term });
  }

  return (
    <form className="filter-panel" role="search" aria-label="Filter courses" onSubmit={handleSubmit}>
      <FormField id="filter-course-name" label="Course Name">
        {(control) => (
          <input
            {...control}
            className="input"
            type="text"
            name="name"
            autoComplete="off"
            placeholder="e.g. Calculus"
            value={draft.name}
            onChange={update('name')}
          />
        )}
      </FormField>
      <FormField id="filter-course-code" label="Course Code">
        {(control) => (
          <input
            {...control}
            className="input"
            type="text"
            name="code"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            placeholder="e.g. COP3502C"
            value={draft.courseCode}
            onChange={update('courseCode')}
          />
        )}
      </FormField>
      <FormField id="filter-course-term" label="Course Term">
        {(control) => (
          <select {...control} className="input input--select" name="term" value={draft.term} onChange={update('term')}>
            <option value="">Select Course Term</option>
            {options.map((term) => (
              <option key={term} value={term}>
                {term}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <button type="submit" className="button button--primary filter-panel__submit">
        Search Courses
      </button>
    </form>
  );
}

function sameFilters(a: CourseFilters, b: CourseFilters): boolean {
  return a.name === b.name && a.courseCode === b.courseCode && a.term === b.term;
}
