// The end of a profile-page form: its button (a spinner while the call is on
// its way), the line that says it worked, and the line that says it failed
// when no field error explains why.
import styles from './profile-page.module.css';

interface SubmitRowProps {
  label: string;
  pending: boolean;
  /** Said (politely, as a status) once it worked. */
  done: string | null;
  /** Said (as an alert) when it failed for a reason no field shows. */
  failure: string | null;
}

export function SubmitRow({ label, pending, done, failure }: SubmitRowProps) {
  return (
    <>
      <div className={styles.actions}>
        <button type="submit" className="button button--primary" disabled={pending} aria-busy={pending}>
          {pending ? <span className="button__spinner" aria-hidden="true" /> : null}
          {label}
        </button>
        <p className={styles.outcome} role="status">
          {done}
        </p>
      </div>
      {failure ? (
        <p className="form-error" role="alert">
          {failure}
        </p>
      ) : null}
    </>
  );
}
