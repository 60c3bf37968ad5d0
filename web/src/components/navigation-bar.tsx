// The bar at the top of every page; what sits on its right depends on the session,
// so the caller passes it in and this stays free of feature code.
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { LogoMark } from './logo-mark';
import styles from './navigation-bar.module.css';

export function NavigationBar({ actions }: { actions: ReactNode }) {
  return (
    <header className={styles.bar}>
      <nav className={styles.inner} aria-label="Main">
        <Link to="/" className={styles.brand}>
          <LogoMark />
          <span>Study Swamp</span>
        </Link>
        <div className={styles.actions}>{actions}</div>
      </nav>
    </header>
  );
}
