// The round initials button and its "User Profile" dropdown.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import type { User } from '../../../../adapters/http/contract/auth';
import { YEAR_NAMES } from '../../../../domain/user/user';
import { userDetailsQuery } from './api';
import styles from './user-menu.module.css';

function initialsOf(user: User): string {
  const initials = `${user.firstName.trim().charAt(0)}${user.lastName.trim().charAt(0)}`;
  return (initials || user.username.charAt(0)).toUpperCase();
}

export function UserMenu({ user }: { user: User }) {
  const [open, setOpen] = useState(false);
  // Asked the first time the menu opens, then kept; a failed ask is repeated at the next opening.
  const details = useQuery({ ...userDetailsQuery, enabled: open });
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const titleId = useId();

  // After a failed ask, what the session already told us rather than a spinner forever.
  const shown = details.data ?? (details.errorUpdateCount > 0 ? user : null);

  useEffect(() => {
    if (!open) return;
    function onPointerDown(event: PointerEvent) {
      if (!containerRef.current?.contains(event.target as Node)) setOpen(false);
    }
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    }
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  return (
    <div className={styles.menu} ref={containerRef}>
      <button
        ref={buttonRef}
        type="button"
        className={styles.button}
        aria-label="Open user menu"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((wasOpen) => !wasOpen)}
      >
        <span aria-hidden="true">{initialsOf(user)}</span>
      </button>
      {open ? (
        <section className={styles.panel} id={panelId} aria-labelledby={titleId}>
          <h2 className={styles.title} id={titleId}>
            User Profile
          </h2>
          {shown ? <ProfileDetails user={shown} /> : <DetailsLoading />}
        </section>
      ) : null}
    </div>
  );
}

function DetailsLoading() {
  return (
    <div className={styles.loading} role="status">
      <span className={styles.pulseDots} aria-hidden="true">
        <span />
        <span />
        <span />
      </span>
      <span>Loading user details...</span>
    </div>
  );
}

function ProfileDetails({ user }: { user: User }) {
  const year = YEAR_NAMES[user.year];
  return (
    <div>
      <p className={styles.name}>
        {user.firstName} {user.lastName}
      </p>
      <dl className="profile-details__list">
        <div>
          <dt>Username</dt>
          <dd>{user.username}</dd>
        </div>
        <div>
          <dt>Email</dt>
          <dd>{user.email}</dd>
        </div>
        <div>
          <dt>Major</dt>
          <dd>{user.major.trim() || 'Not specified'}</dd>
        </div>
        <div>
          <dt>Year</dt>
          <dd>{year ?? 'Not specified'}</dd>
        </div>
        {user.bio.trim() ? (
          <div>
            <dt>Bio</dt>
            <dd className="profile-details__bio">{user.bio}</dd>
          </div>
        ) : null}
      </dl>
    </div>
  );
}
