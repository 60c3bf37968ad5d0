// The bar at the top of every page; what sits on its right depends on the session,
// so the caller passes it in and this stays free of feature code.
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { LogoMark } from './logo-mark';

export function NavigationBar({ actions }: { actions: ReactNode }) {
  return (
    <header className="nav-bar">
      <nav className="nav-bar__inner" aria-label="Main">
        <Link to="/" className="nav-bar__brand">
          <LogoMark />
          <span>Study Swamp</span>
        </Link>
        <div className="nav-bar__actions">{actions}</div>
      </nav>
    </header>
  );
}
