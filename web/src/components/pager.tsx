// Previous / next arrows around an editable page number. A typed number takes
// effect on Enter or when the field loses focus, clamped to 1..pageCount.
import { useState, type KeyboardEvent } from 'react';
import { Icon } from './icon';
import styles from './pager.module.css';

interface PagerProps {
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  /** Names the navigation landmark, for pages with more than one pager. */
  label?: string;
}

function clamp(value: number, pageCount: number): number {
  return Math.min(Math.max(value, 1), Math.max(pageCount, 1));
}

export function Pager({ page, pageCount, onPageChange, label = 'Pagination' }: PagerProps) {
  const lastPage = Math.max(pageCount, 1);
  const [draft, setDraft] = useState(String(page));
  const [shownPage, setShownPage] = useState(page);
  // The page can also change from outside (back button, a clamped answer):
  // the field follows it, dropping whatever was half-typed.
  if (shownPage !== page) {
    setShownPage(page);
    setDraft(String(page));
  }

  function commit() {
    const typed = Number.parseInt(draft.trim(), 10);
    if (Number.isNaN(typed)) {
      setDraft(String(page));
      return;
    }
    const target = clamp(typed, lastPage);
    setDraft(String(target));
    if (target !== page) onPageChange(target);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') {
      event.preventDefault();
      commit();
    } else if (event.key === 'Escape') {
      setDraft(String(page));
    }
  }

  return (
    <nav className={styles.pager} aria-label={label}>
      <button
        type="button"
        className="icon-button icon-button--outline"
        aria-label="Previous page"
        disabled={page <= 1}
        onClick={() => onPageChange(clamp(page - 1, lastPage))}
      >
        <Icon name="chevron-left" />
      </button>
      <span className={styles.position}>
        <input
          className={`input ${styles.input}`}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          aria-label="Page number"
          value={draft}
          onChange={(event) => setDraft(event.target.value.replace(/[^0-9]/g, ''))}
          onKeyDown={onKeyDown}
          onBlur={commit}
          size={Math.max(String(lastPage).length, 2)}
        />
        <span>of {lastPage}</span>
      </span>
      <button
        type="button"
        className="icon-button icon-button--outline"
        aria-label="Next page"
        disabled={page >= lastPage}
        onClick={() => onPageChange(clamp(page + 1, lastPage))}
      >
        <Icon name="chevron-right" />
      </button>
    </nav>
  );
}
