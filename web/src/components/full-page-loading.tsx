// The whole screen while nothing can be shown yet (the session is not known).
import styles from './full-page-loading.module.css';

export function FullPageLoading({ detail }: { detail?: string }) {
  return (
    <div className={styles.screen} role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <p className={styles.text}>Loading...</p>
      {detail ? <p className={styles.detail}>{detail}</p> : null}
    </div>
  );
}
