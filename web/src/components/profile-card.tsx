// A classmate's profile in a small non-modal dialog, opened from their initials.
// It closes on Escape, the close button or a click anywhere else.
import { useEffect, useRef } from 'react';
import type { Member } from '../../../adapters/http/contract/members';
import { YEAR_NAMES } from '../../../domain/user/user';
import { Icon } from './icon';
import { InitialsAvatar } from './initials-avatar';
import styles from './profile-card.module.css';

interface ProfileCardProps {
  member: Member;
  /** How a name is shown where the card was opened (as typed, or capitalised on the group page). */
  formatName?: (name: string) => string;
  onClose: () => void;
  /** The control that opened the card: focus goes back to it, and clicks on it are left to toggle the card. */
  trigger?: HTMLElement | null;
}

export function ProfileCard({ member, formatName = (name) => name.trim(), onClose, trigger }: ProfileCardProps) {
  const { username, major, bio } = member;
  const firstName = formatName(member.first_name);
  const lastName = formatName(member.last_name);
  const cardRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const name = `${firstName} ${lastName}`.trim() || username;

  // Keyboard users land in the card, so Escape and Tab work from where they are.
  useEffect(() => {
    closeRef.current?.focus();
  }, []);

  useEffect(() => {
    function onPointerDown(event: PointerEvent) {
      const target = event.target as Node;
      if (cardRef.current?.contains(target) || trigger?.contains(target)) return;
      onClose();
    }
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== 'Escape') return;
      onClose();
      trigger?.focus();
    }
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [onClose, trigger]);

  function closeFromButton() {
    onClose();
    trigger?.focus();
  }

  return (
    <div className={styles.card} role="dialog" aria-label={name} ref={cardRef}>
      <div className={styles.header}>
        <InitialsAvatar firstName={firstName} lastName={lastName} fallback={username} size="large" />
        <div className={styles.identity}>
          <p className={styles.name}>{name}</p>
          <p className={styles.username}>@{username}</p>
        </div>
        <button ref={closeRef} type="button" className="icon-button" aria-label="Close profile" onClick={closeFromButton}>
          <Icon name="close" />
        </button>
      </div>
      <dl className="profile-details__list">
        <div>
          <dt>Major</dt>
          <dd>{major.trim() || 'Not specified'}</dd>
        </div>
        <div>
          <dt>Year</dt>
          <dd>{YEAR_NAMES[member.year] ?? 'Not specified'}</dd>
        </div>
        {bio.trim() ? (
          <div>
            <dt>Bio</dt>
            <dd className="profile-details__bio">{bio}</dd>
          </div>
        ) : null}
      </dl>
    </div>
  );
}
