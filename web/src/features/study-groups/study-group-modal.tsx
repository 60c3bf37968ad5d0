// A group as the course view shows it: name, description, People, Schedule,
// and what the student can do: Join Group (or "Full"), or View Group and Leave
// Group (asked first). A private group the student is not in comes without
// its people and meetings (the server keeps them to its members): its owner
// and size instead, and the way in: Ask to join, then "Request sent" with
// Withdraw request (or the owner's no); an owner's invite, Accept or Decline.
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import type { StudyGroup } from '@contract/study-groups';
import { Icon } from '@web/components/icon';
import { InitialsAvatar } from '@web/components/initials-avatar';
import { ModalDialog } from '@web/components/modal-dialog';
import modal from '@web/components/modal-dialog.module.css';
import { ModalError } from '@web/components/modal-error';
import { memberInitials, memberName } from '@web/lib/member-name';
import { useCurrentUser } from '@web/lib/session';
import { formatDayDate, formatTime12 } from '@web/lib/time-of-day';
import { comingLine, meetingSummary, soonest } from './meeting-display';
import { MeetingPlace } from './meeting-place';
import { useJoinStudyGroup, useLeaveStudyGroup } from './api';
import { memberCountLabel } from './display-name';
import { useAnswerInvite, useRequestToJoin, useWithdrawJoinRequest } from './invitations-api';
import { wayIn } from './invite-display';
import { LeaveGroupDialog } from './leave-group-dialog';
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
  const ask = useRequestToJoin(userId);
  const withdraw = useWithdrawJoinRequest(userId);
  const answer = useAnswerInvite(userId);
  const calls = [join, leave, ask, withdraw, answer];
  const pending = calls.some((call) => call.isPending);
  const failed = calls.find((call) => call.error);
  // Leave Group asks first, in this modal's place (Cancel comes back here).
  const [askingLeave, setAskingLeave] = useState(false);
  const actionRef = useRef<HTMLElement>(null);
  const way = isMember ? 'member' : !isCourseMember ? 'outside-course' : wayIn(group, group.joinRequest);
  const shownWay = useRef(way);

  // The pressed button is replaced (Join Group by View Group, Ask to join by
  // Withdraw request...): keyboard focus moves to the new action, or to the line that says where the student stands.
  useEffect(() => {
    if (way !== shownWay.current) actionRef.current?.focus();
    shownWay.current = way;
  }, [way]);

  function run(call: () => void) {
    if (pending) return;
    for (const each of calls) each.reset();
    call();
  }

  if (askingLeave && userId !== undefined) {
    return (
      <LeaveGroupDialog
        group={group}
        userId={userId}
        onLeave={(nextOwnerId) => run(() => leave.mutate({ groupId: group.id, nextOwnerId }, { onSuccess: onLeft }))}
        pending={leave.isPending}
        error={leave.error}
        onClose={() => {
          leave.reset();
          setAskingLeave(false);
        }}
      />
    );
  }

  const setAction = (element: HTMLElement | null) => {
    actionRef.current = element;
  };
  const spinner = (call: { isPending: boolean }) => (call.isPending ? <span className="button__spinner" aria-hidden="true" /> : null);

  return (
    <ModalDialog title={group.name} onClose={onClose}>
      <div className={styles.group}>
        {!group.public ? <PrivateGroupNote /> : null}
        <p className={styles.description}>{group.description}</p>

        {!group.public && !isMember ? <WithheldDetails group={group} /> : <GroupDetails group={group} />}

        <ModalError
          error={failed?.error}
          fallback={`Could not ${failedAction(failed, { join, leave, ask, withdraw, answer })}. Please try again.`}
        />
        <div className={modal.actions}>
          {way === 'member' ? (
            <>
              {/* In place of the modal's history entry: Back from the group returns to the course, not to a copy of it. */}
              <Link ref={setAction} to={`/study-group/${group.id}`} replace className="button button--primary">
                View Group
              </Link>
              <button
                type="button"
                className="button button--danger-outline"
                onClick={() => {
                  leave.reset();
                  setAskingLeave(true);
                }}
                aria-haspopup="dialog"
                aria-disabled={pending}
              >
                Leave Group
              </button>
            </>
          ) : way === 'outside-course' ? (
            <p className={styles.note}>Join this course to join its groups.</p>
          ) : way === 'invited' ? (
            <>
              <p className={`${styles.note} ${styles.standing}`} ref={setAction} tabIndex={-1} role="status">
                You’re invited
              </p>
              <button
                type="button"
                className="button button--outline"
                onClick={() => run(() => answer.mutate({ groupId: group.id, accept: false }))}
                aria-disabled={pending}
              >
                Decline
              </button>
              <button
                type="button"
                className="button button--primary"
                onClick={() => run(() => answer.mutate({ groupId: group.id, accept: true }))}
                aria-disabled={pending}
              >
                {answer.isPending && answer.variables?.accept ? spinner(answer) : null}
                Accept
              </button>
            </>
          ) : way === 'requested' ? (
            <>
              <p className={`${styles.note} ${styles.standing}`} role="status">
                Request sent
              </p>
              <button
                ref={setAction}
                type="button"
                className="button button--outline"
                onClick={() => run(() => withdraw.mutate(group.id))}
                aria-disabled={pending}
              >
                {spinner(withdraw)}
                Withdraw request
              </button>
            </>
          ) : way === 'declined' ? (
            <p className={styles.note} ref={setAction} tabIndex={-1} role="status">
              The owner declined your request.
            </p>
          ) : way === 'full' ? (
            <p className={styles.note}>Full: this group takes at most {group.maxMembers} members.</p>
          ) : way === 'ask' ? (
            <>
              <p className={`${styles.note} ${styles.standing}`}>
                <Icon name="lock" size={16} /> This group is private
              </p>
              <button
                ref={setAction}
                type="button"
                className="button button--primary"
                onClick={() => run(() => ask.mutate(group.id))}
                aria-disabled={pending}
              >
                {spinner(ask)}
                Ask to join
              </button>
            </>
          ) : (
            <button
              ref={setAction}
              type="button"
              className="button button--primary"
              onClick={() => run(() => join.mutate(group.id))}
              aria-disabled={pending}
            >
              {spinner(join)}
              Join Group
            </button>
          )}
        </div>
      </div>
    </ModalDialog>
  );
}

/** What the failed call was doing, for the fallback line ("Could not join this group."). */
function failedAction(failed: unknown, calls: Record<'join' | 'leave' | 'ask' | 'withdraw' | 'answer', unknown>): string {
  if (failed === calls.leave) return 'leave this group';
  if (failed === calls.ask) return 'send your request';
  if (failed === calls.withdraw) return 'withdraw your request';
  if (failed === calls.answer) return 'answer the invite';
  return 'join this group';
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
              <span className={styles.time}>{meetingSummary(meeting)}</span>{' '}
              <MeetingPlace className={styles.location} location={meeting.location} />
            </li>
          ))}
        </ul>
      )}
      <NextMeeting meetings={group.meetings} />
    </>
  );
}

/** The group's next meeting and who is coming (names for members; the server sends none to others). */
function NextMeeting({ meetings }: { meetings: StudyGroup['meetings'] }) {
  const next = soonest(meetings);
  if (!next?.next) return null;
  return (
    <p className={styles.next}>
      <strong>Next:</strong> {formatDayDate(next.next.date)}, {formatTime12(next.time)}
      {next.title ? ` (${next.title})` : ''} · {comingLine(next.next)}
    </p>
  );
}
