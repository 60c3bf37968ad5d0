// A group as the course view shows it: name, description, People, Schedule,
// and what the student can do: Join Group (or "Full"), or View Group and Leave
// Group. A private group the student is not in comes without its people and
// meetings (the server keeps them to its members): its owner and size instead.
import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import type { StudyGroup } from '@contract/study-groups';
import { Icon } from '@web/components/icon';
import { InitialsAvatar } from '@web/components/initials-avatar';
import { ModalDialog } from '@web/components/modal-dialog';
import modal from '@web/components/modal-dialog.module.css';
import { ModalError } from '@web/components/modal-error';
import { memberInitials, memberName } from '@web/lib/member-name';
import { useCurrentUser } from '@web/lib/session';
import { formatTime24 } from '@web/lib/time-of-day';
import { useJoinStudyGroup, useLeaveStudyGroup } from './api';
import { isGroupFull, memberCountLabel } from './display-name';
import { PrivateGroupNote } from './private-group-note';
import styles from './study-group-modal.module.css';

interface StudyGroupModalProps {
  group: StudyGroup;
  isMember: boolean;
  /** Only students of the course can join its groups. */
  isCourseMember: boolean;
  onLeft: () => void;
  onClose: () => void;
}

export function StudyGroupModal({ group, isMember, isCourseMember, onLeft, onClose }: StudyGroupModalProps) {
  const userId = useCurrentUser()?.id;
  const join = useJoinStudyGroup(userId);
  const leave = useLeaveStudyGroup();
  const pending = join.isPending || leave.isPending;
  const viewLinkRef = useRef<HTMLAnchorElement>(null);
  const wasMember = useRef(isMember);

  // Join Group is replaced by View Group: keep keyboard focus on the new action.
  useEffect(() => {
    if (isMember && !wasMember.current) viewLinkRef.current?.focus();
    wasMember.current = isMember;
  }, [isMember]);

  function act(kind: 'join' | 'leave') {
    if (pending) return;
    join.reset();
    leave.reset();
    if (kind === 'join') join.mutate(group.id);
    else leave.mutate(group.id, { onSuccess: onLeft });
  }

  return (
    <ModalDialog title={group.name} onClose={onClose}>
      <div className={styles.group}>
        {!group.public ? <PrivateGroupNote /> : null}
        <p className={styles.description}>{group.description}</p>

        {!group.public && !isMember ? <WithheldDetails group={group} /> : <GroupDetails group={group} />}

        <ModalError
          error={join.error ?? leave.error}
          fallback={`Could not ${join.error ? 'join' : 'leave'} this group. Please try again.`}
        />
        <div className={modal.actions}>
          {isMember ? (
            <>
              {/* In place of the modal's history entry: Back from the group returns to the course, not to a copy of it. */}
              <Link ref={viewLinkRef} to={`/study-group/${group.id}`} replace className="button button--primary">
                View Group
              </Link>
              <button type="button" className="button button--danger-outline" onClick={() => act('leave')} aria-disabled={pending}>
                Leave Group
              </button>
            </>
          ) : !isCourseMember ? (
            <p className={styles.note}>Join this course to join its groups.</p>
          ) : !group.public ? (
            <p className={styles.note}>
              <Icon name="lock" size={16} /> This group is private
            </p>
          ) : isGroupFull(group) ? (
            <p className={styles.note}>Full: this group takes at most {group.maxMembers} members.</p>
          ) : (
            <button type="button" className="button button--primary" onClick={() => act('join')} aria-disabled={pending}>
              {join.isPending ? <span className="button__spinner" aria-hidden="true" /> : null}
              Join Group
            </button>
          )}
        </div>
      </div>
    </ModalDialog>
  );
}

/** A private group seen from outside: who runs it and how many are in it, nothing more. */
function WithheldDetails({ group }: { group: StudyGroup }) {
  return (
    <p className={styles.withheld}>
      Run by {memberName(group.owner)} · {memberCountLabel(group)}. Only its members see who is in it and when it meets.
    </p>
  );
}

/** People and Schedule, for a public group or a member. */
function GroupDetails({ group }: { group: StudyGroup }) {
  return (
    <>
      <h3 className={styles.heading}>People</h3>
      <ul className={styles.people} aria-label="People">
        {group.members.map((member) => (
          <li key={member.id} title={memberName(member)}>
            <InitialsAvatar id={member.id} initials={memberInitials(member)} />
            <span className="visually-hidden">
              {memberName(member)}
              {member.id === group.owner.id ? ' (owner)' : ''}
            </span>
          </li>
        ))}
      </ul>

      <h3 className={styles.heading}>Schedule</h3>
      {group.meetings.length === 0 ? (
        <p className="panel__muted">No meetings scheduled yet.</p>
      ) : (
        <ul className={styles.schedule}>
          {group.meetings.map((meeting) => (
            <li key={meeting.id}>
              <span className={styles.day}>{meeting.day}</span> <span className={styles.time}>{formatTime24(meeting.time)}</span>{' '}
              <span className={styles.location}>@ {meeting.location}</span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
