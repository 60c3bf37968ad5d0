// A student as a button: their initials (and, where there is room, their
// name) opening their profile card, with the name in a tip on hover and focus.
// The accessible name starts with the initials a sighted student sees, so a
// voice-control user can say what they read ("AG Alice Gator", WCAG 2.5.3).
import type { Member } from '@contract/members';
import { memberInitials, memberName } from '@web/lib/member-name';
import { InitialsAvatar } from './initials-avatar';
import { useTooltip } from './tooltip';

interface PersonButtonProps {
  member: Member;
  /** Whether this button's profile card is open. */
  expanded: boolean;
  onToggle: (button: HTMLButtonElement) => void;
  className: string;
  /** Shows the name beside the initials, with this class (the group page); without it, initials only. */
  nameClassName?: string;
  /** The tip's class, e.g. to hide the tip where the name is on screen. */
  tipClassName?: string;
}

export function PersonButton({ member, expanded, onToggle, className, nameClassName, tipClassName }: PersonButtonProps) {
  const name = memberName(member);
  const initials = memberInitials(member);
  const { setReference, getReferenceProps, tip } = useTooltip(name, { disabled: expanded, className: tipClassName });
  return (
    <>
      <button
        ref={setReference}
        type="button"
        className={className}
        aria-label={`${initials} ${name}`}
        aria-haspopup="dialog"
        aria-expanded={expanded}
        {...getReferenceProps({ onClick: (event) => onToggle(event.currentTarget as HTMLButtonElement) })}
      >
        <InitialsAvatar id={member.id} initials={initials} />
        {nameClassName ? (
          <>
            {/* Apart from the initials in the text too, as the accessible name has them ("AG Alice Gator", not "AGAlice Gator"). */}{' '}
            <span className={nameClassName} aria-hidden="true">
              {name}
            </span>
          </>
        ) : null}
      </button>
      {tip}
    </>
  );
}
