// The round initials button and its "User Profile" dropdown, which leads to
// the profile page (Edit profile). The button is named with the initials it
// shows, then the student's name (WCAG 2.5.3), and shows the name in a tip on
// hover and focus.
import { useMergeRefs } from '@floating-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import type { User } from '@contract/auth';
import { displayName, initialsOf } from '@domain/user/display-name';
import { yearName } from '@domain/user/user';
import { useTooltip } from '@web/components/tooltip';
import { userDetailsQuery } from './api';
import styles from './user-menu.module.css';

export function UserMenu({ user }: { user: User }) {
  const [open, setOpen] = useState(false);
  // Asked the first time the menu opens, then kept; a failed ask is repeated at the next opening.
  const details = useQuery({ ...userDetailsQuery, enabled: open });
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const titleId = useId();
  const name = displayName(user);
  const initials = initialsOf(user);
  const { setReference, getReferenceProps, tip } = useTooltip(name, { disabled: open, placement: 'bottom-end' });
  const buttonRefs = useMergeRefs([buttonRef, setReference]);

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
        ref={buttonRefs}
        type="button"
        className={styles.button}
        aria-label={`${initials} ${name}, user menu`}
        aria-expanded={open}
        aria-controls={panelId}
        {...getReferenceProps({ onClick: () => setOpen((wasOpen) => !wasOpen) })}
      >
        <span aria-hidden="true">{initials}</span>
      </button>
      {tip}
      {open ? (
        <section className={styles.panel} id={panelId} aria-labelledby={titleId}>
          <h2 className={styles.title} id={titleId}>
            User Profile
          </h2>
          {shown ? <ProfileDetails user={shown} /> : <DetailsLoading />}
          <Link to="/profile" className={`button button--outline button--small ${styles.edit}`} onClick={() => setOpen(false)}>
            Edit profile
          </Link>
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
  const year = yearName(user.year);
  return (
    <div>
      <p className={styles.name}>{displayName(user)}</p>
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
