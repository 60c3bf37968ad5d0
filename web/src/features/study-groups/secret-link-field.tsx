// A secret link shown this once (an invite link, a calendar address): the
// whole address in a read-only field, Copy, a note saying it will not be
// shown again, and what the copy did. Where the browser refuses the
// clipboard, the field is selected so the student copies it by hand.
import { useId, useRef, useState, type ReactNode } from 'react';
import styles from './invite-people-dialog.module.css';

interface SecretLinkFieldProps {
  label: string;
  url: string;
  /** What it is, in the by-hand line: "The link is selected...". */
  what: string;
  note: string;
  /** Focus the field at once (the owner just made the link). */
  autoFocus?: boolean;
  /** More under the field (Add to calendar). */
  children?: ReactNode;
}

export function SecretLinkField({ label, url, what, note, autoFocus = false, children }: SecretLinkFieldProps) {
  const fieldRef = useRef<HTMLInputElement>(null);
  const fieldId = useId();
  const noteId = useId();
  const [copied, setCopied] = useState<'copied' | 'by-hand' | null>(null);

  async function copy() {
    try {
      if (!navigator.clipboard) throw new Error('No clipboard');
      await navigator.clipboard.writeText(url);
      setCopied('copied');
    } catch {
      fieldRef.current?.focus();
      fieldRef.current?.select();
      setCopied('by-hand');
    }
  }

  return (
    <div className={styles.newLink}>
      <label className="form-field__label" htmlFor={fieldId}>
        {label}
      </label>
      <div className={styles.copyRow}>
        <input
          ref={fieldRef}
          id={fieldId}
          className={`input ${styles.url}`}
          value={url}
          readOnly
          aria-describedby={noteId}
          onFocus={(event) => event.currentTarget.select()}
          // Moved to at once when asked, so the student can copy it (and a screen reader reads it).
          autoFocus={autoFocus}
        />
        <button type="button" className="button button--outline" onClick={() => void copy()}>
          Copy
        </button>
      </div>
      <p className={styles.note} id={noteId}>
        {note}
      </p>
      <p className={styles.copied} role="status">
        {copied === 'copied' ? 'Copied' : copied === 'by-hand' ? `The ${what} is selected: press Ctrl+C (⌘C on a Mac) to copy it.` : ''}
      </p>
      {children}
    </div>
  );
}
