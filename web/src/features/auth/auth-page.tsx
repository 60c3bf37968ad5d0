// The frame of the Log In and Create Account pages: a card with the title, the
// form and the line that leads to the other page, and (Log In) the night-swamp
// picture beside it on medium and wider screens.
import type { ReactNode } from 'react';
import { SwampScene } from '@web/components/swamp-scene';
import styles from './auth-page.module.css';

interface AuthPageProps {
  title: string;
  subtitle?: string;
  /** The two-column Create Account card. */
  wide?: boolean;
  /** Shows the picture, with this caption over it. */
  artCaption?: string;
  /** "New to Study Swamp? Create an account", under the form (none: null). */
  switchLine: ReactNode;
  children: ReactNode;
}

export function AuthPage({ title, subtitle, wide = false, artCaption, switchLine, children }: AuthPageProps) {
  return (
    <div className={artCaption ? `${styles.page} ${styles.withArt}` : styles.page}>
      <div className={wide ? `${styles.card} ${styles.wide}` : styles.card}>
        <h1 className={styles.title}>{title}</h1>
        {subtitle ? <p className={styles.subtitle}>{subtitle}</p> : null}
        {children}
        {switchLine ? <p className={styles.switch}>{switchLine}</p> : null}
      </div>

      {artCaption ? (
        <div className={styles.art} aria-hidden="true">
          <SwampScene />
          <p className={styles.caption}>{artCaption}</p>
        </div>
      ) : null}
    </div>
  );
}
