// A titled part of the Create Account form: heading, a note under it, and its
// fields in a grid (two columns from small screens up).
import { useId, type ReactNode } from 'react';
import styles from './form-section.module.css';

export function FormSection({ title, note, children }: { title: string; note: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 className={styles.title} id={headingId}>
        {title}
      </h2>
      <p className={styles.note}>{note}</p>
      <div className={styles.grid}>{children}</div>
    </section>
  );
}
