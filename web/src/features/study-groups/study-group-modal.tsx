// A group as the course view shows it: name, description, People, Schedule,
// and what the student can do: Join Group, or View Group and Leave Group.
import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { Icon } from '../../components/icon';
import { InitialsAvatar } from '../../components/initials-avatar';
import { ModalDialog } from '../../components/modal-dialog';
import { ModalError } from '../../components/modal-error';
import { formatTime24 } from '../../lib/time-of-day';
import { usePendingAction } from '../../lib/use-pending-action';
import { useSignOutWhenExpired } from '../../lib/use-sign-out-when-expired';
import { displayName } from './display-name';
import type { StudyGroup } from '../../../../adapters/http/contract/study-groups';

interface StudyGroupModalProps {
  group: StudyGroup;
  isMember: boolean;
  /** Only students of the course can join its groups. */
  isCourseMember: boolean;
  onJoin: () => Promise<void>;
  onLeave: () => Promise<void>;
  onClose: () => void;
}

export function StudyGroupModal({ group, isMember, isCourseMember, onJoin, onLeave, onClose }: StudyGroupModalProps) {
  const action = usePendingAction<'join' | 'leave'>(useSignOutWhenExpired());
  const viewLinkRef = useRef<HTMLAnchorElement>(null);
  const wasMember = useRef(isMember);

  // Join Group is replaced by View Group: keep keyboard focus on the new action.
  useEffect(() => {
    if (isMember && !wasMember.current) viewLinkRef.current?.focus();
    wasMember.current = isMember;
  }, [isMember]);

  const act = (kind: 'join' | 'leave') =>
    void action.run(kind, kind === 'join' ? onJoin : onLeave, `Could not ${kind} this group. Please try again.`);

  return (
    <ModalDialog title={group.name} onClose={onClose}>
      <div className="group-modal">
        {!group.public ? (
          <p className="group-modal__private">
            <Icon name="lock" size={16} /> Private group
          </p>
        ) : null}
        <p className="group-modal__description">{group.description}</p>

        <h3 className="group-modal__heading">People</h3>
        <ul className="avatar-list" aria-label="People">
          {group.members.map((member) => (
            <li key={member.id} title={displayName(member)}>
              <InitialsAvatar firstName={member.first_name} lastName={member.last_name} fallback={member.username} />
              <span className="visually-hidden">
                {displayName(member)}
                {member.id === group.owner.id ? ' (owner)' : ''}
              </span>
            </li>
          ))}
        </ul>

        <h3 className="group-modal__heading">Schedule</h3>
        {group.meetings.length === 0 ? (
          <p className="panel__muted">No meetings scheduled yet.</p>
        ) : (
          <ul className="schedule-list">
            {group.meetings.map((meeting) => (
              <li key={meeting.id}>
                <span className="schedule-list__day">{meeting.day}</span> <span className="schedule-list__time">{formatTime24(meeting.time)}</span>{' '}
                <span className="schedule-list__location">@ {meeting.location}</span>
              </li>
            ))}
          </ul>
        )}

        <ModalError message={action.error} />
        <div className="modal__actions">
          {isMember ? (
            <>
              <Link ref={viewLinkRef} to={`/study-group/${group.id}`} className="button button--primary">
                View Group
              </Link>
              <button type="button" className="button button--danger-outline" onClick={() => act('leave')} aria-disabled={action.pending !== null}>
                Leave Group
              </button>
            </>
          ) : !isCourseMember ? (
            <p className="group-modal__note">Join this course to join its groups.</p>
          ) : group.public ? (
            <button type="button" className="button button--primary" onClick={() => act('join')} aria-disabled={action.pending !== null}>
              {action.pending === 'join' ? <span className="button__spinner" aria-hidden="true" /> : null}
              Join Group
            </button>
          ) : (
            <p className="group-modal__note">
              <Icon name="lock" size={16} /> This group is private
            </p>
          )}
        </div>
      </div>
    </ModalDialog>
  );
}
