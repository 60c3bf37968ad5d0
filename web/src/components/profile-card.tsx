// A classmate's profile in a small non-modal dialog, anchored by Floating UI to
// the control that opened it: below it, or above when there is more room
// there, shifted and capped in height (scrolling inside) so it always lies
// inside the viewport, and following the control as the page scrolls or
// resizes. Focus moves into it; it closes on Escape, the close button or a
// click anywhere else, and focus goes back to the control. A page may add
// what it knows of the student there (a course page: their sections of it).
import { autoUpdate, flip, offset, shift, size, useFloating, useMergeRefs } from '@floating-ui/react';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import type { Member } from '@contract/members';
import { yearName } from '@domain/user/user';
import { memberInitials, memberName } from '@web/lib/member-name';
import { Icon } from './icon';
import { InitialsAvatar } from './initials-avatar';
import styles from './profile-card.module.css';

interface ProfileCardProps {
  member: Member;
  onClose: () => void;
  /** The control that opened the card: it is anchored there, focus goes back to it, and clicks on it are left to toggle the card. */
  trigger: HTMLElement;
  /** Shown under the name, before the profile's details. */
  extra?: ReactNode;
}

// Space kept between the card and the viewport's edges.
const EDGE = 8;

function ProfileCard({ member, onClose, trigger, extra }: ProfileCardProps) {
  const { username, major, bio } = member;
  const name = memberName(member);
  const cardRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const { refs, floatingStyles } = useFloating({
    elements: { reference: trigger },
    placement: 'bottom-start',
    middleware: [
      offset(6),
      flip({ padding: EDGE }),
      shift({ padding: EDGE }),
      size({
        padding: EDGE,
        apply({ availableWidth, availableHeight, elements }) {
          Object.assign(elements.floating.style, {
            maxWidth: `${Math.max(0, availableWidth)}px`,
            maxHeight: `${Math.max(0, availableHeight)}px`,
          });
        },
      }),
    ],
    whileElementsMounted: autoUpdate,
  });
  const ref = useMergeRefs([cardRef, refs.setFloating]);

  // Keyboard users land in the card, so Escape and Tab work from where they are.
  useEffect(() => {
    closeRef.current?.focus({ preventScroll: true });
  }, []);

  useEffect(() => {
    function onPointerDown(event: PointerEvent) {
      const target = event.target as Node;
      if (cardRef.current?.contains(target) || trigger.contains(target)) return;
      onClose();
    }
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== 'Escape') return;
      // Escape closes the card only, not a modal dialog the card was opened in (Invite people).
      event.preventDefault();
      onClose();
      trigger.focus();
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
    trigger.focus();
  }

  return (
    <div className={styles.card} role="dialog" aria-label={name} ref={ref} style={floatingStyles}>
      <div className={styles.header}>
        <InitialsAvatar id={member.id} initials={memberInitials(member)} size="large" />
        <div className={styles.identity}>
          <p className={styles.name}>{name}</p>
          <p className={styles.username}>@{username}</p>
          {member.verified ? null : <p className={styles.unverified}>Unverified</p>}
        </div>
        <button ref={closeRef} type="button" className="icon-button" aria-label="Close profile" onClick={closeFromButton}>
          <Icon name="close" />
        </button>
      </div>
      {extra}
      <dl className="profile-details__list">
        <div>
          <dt>Major</dt>
          <dd>{major.trim() || 'Not specified'}</dd>
        </div>
        <div>
          <dt>Year</dt>
          <dd>{yearName(member.year) ?? 'Not specified'}</dd>
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

interface OpenCard {
  /** Which control opened it (a list may show one student twice, as the chat does). */
  key: string | number;
  memberId: number;
  trigger: HTMLElement;
}

/**
 * One profile card for a list of people: `toggle` from a control opens the
 * card of that student there (or closes it), `card` is the card to render.
 * The card closes by itself when its student leaves the list. `extra` adds
 * what the page knows of a student to their card.
 */
export function useProfileCard<M extends Member>(members: M[], extra?: (member: M) => ReactNode) {
  const [open, setOpen] = useState<OpenCard | null>(null);
  const close = useCallback(() => setOpen(null), []);
  const toggle = useCallback((next: OpenCard) => setOpen((current) => (current?.key === next.key ? null : next)), []);
  const member = open ? members.find((candidate) => candidate.id === open.memberId) : undefined;
  const card =
    open && member ? <ProfileCard key={open.key} member={member} onClose={close} trigger={open.trigger} extra={extra?.(member)} /> : null;
  return { openKey: open?.key, toggle, card };
}
