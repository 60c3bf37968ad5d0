// The dialogs a group's page opens: Update Group, Schedule Meeting, Update
// Meeting and its "Delete the meeting on ...?" (in its place, Cancel going
// back to it), the owner's "Cancel the meeting on ...?" for one date of a
// series, Leave Group's question (leave-group-dialog.tsx) and Subscribe (the
// student's calendar subscription address).
import type { Meeting } from '@contract/meetings';
import type { StudyGroup } from '@contract/study-groups';
import type { Weekday } from '@domain/study-group/meeting-rules';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { formatDayDate } from '@web/lib/time-of-day';
import { SubscribeDialog } from './subscribe-dialog';
import { useCancelMeeting, useCancelMeetingOccurrence } from './api';
import { FindATimeDialog } from './find-a-time-dialog';
import { deleteMeetingQuestion } from './invite-display';
import { LeaveGroupDialog } from './leave-group-dialog';
import { MeetingModal } from './meeting-modal';
import { UpdateGroupModal } from './update-group-modal';

export type GroupPageModal =
  | { kind: 'edit-group' }
  | { kind: 'schedule'; initial?: { day: Weekday; time: string; lengthMinutes: number } }
  | { kind: 'find-a-time' }
  | { kind: 'meeting'; meeting: Meeting }
  | { kind: 'delete-meeting'; meeting: Meeting }
  | { kind: 'cancel-date'; meeting: Meeting; date: string }
  | { kind: 'leave' }
  | { kind: 'subscribe' };

interface GroupPageModalsProps {
  open: GroupPageModal | null;
  group: StudyGroup;
  userId: number;
  /** Leave Group, run by the page (its failure also shows beside the page's button). */
  leave: { run: (nextOwnerId?: number) => void; pending: boolean; error: unknown };
  /** Shows another of them in place of the open one (null: none). */
  onShow: (next: GroupPageModal | null) => void;
}

export function GroupPageModals({ open, group, userId, leave, onShow }: GroupPageModalsProps) {
  const onClose = () => onShow(null);
  switch (open?.kind) {
    case 'edit-group':
      return <UpdateGroupModal group={group} ownerId={userId} onClose={onClose} />;
    case 'schedule':
      return <MeetingModal groupId={group.id} ownerId={userId} initial={open.initial} onClose={onClose} />;
    case 'find-a-time':
      return (
        <FindATimeDialog
          group={group}
          userId={userId}
          onClose={onClose}
          onSchedule={(slot) => onShow({ kind: 'schedule', initial: slot })}
        />
      );
    case 'meeting':
      return (
        <MeetingModal
          key={open.meeting.id}
          groupId={group.id}
          ownerId={userId}
          meeting={open.meeting}
          onClose={onClose}
          onDelete={() => onShow({ kind: 'delete-meeting', meeting: open.meeting })}
        />
      );
    case 'delete-meeting':
      return (
        <DeleteMeetingDialog
          groupId={group.id}
          ownerId={userId}
          meeting={open.meeting}
          onBack={() => onShow({ kind: 'meeting', meeting: open.meeting })}
          onDone={onClose}
        />
      );
    case 'cancel-date':
      return <CancelDateDialog groupId={group.id} ownerId={userId} meeting={open.meeting} date={open.date} onDone={onClose} />;
    case 'leave':
      return (
        <LeaveGroupDialog group={group} userId={userId} onLeave={leave.run} pending={leave.pending} error={leave.error} onClose={onClose} />
      );
    case 'subscribe':
      return <SubscribeDialog onClose={onClose} />;
    default:
      return null;
  }
}

interface DeleteMeetingDialogProps {
  groupId: number;
  ownerId: number;
  meeting: Meeting;
  /** Cancel: back to the meeting's Update Meeting. */
  onBack: () => void;
  onDone: () => void;
}

function DeleteMeetingDialog({ groupId, ownerId, meeting, onBack, onDone }: DeleteMeetingDialogProps) {
  const cancel = useCancelMeeting(groupId, ownerId);
  return (
    <ConfirmDialog
      title={deleteMeetingQuestion(meeting)}
      message={`It comes off the group’s schedule for every member (@ ${meeting.location}).`}
      confirmLabel="Delete Meeting"
      onConfirm={() => cancel.mutate(meeting.id, { onSuccess: onDone })}
      pending={cancel.isPending}
      error={cancel.error}
      failedMessage="Could not delete the meeting. Please try again."
      onClose={onBack}
    />
  );
}

interface CancelDateDialogProps {
  groupId: number;
  ownerId: number;
  meeting: Meeting;
  date: string;
  onDone: () => void;
}

/** The owner cancels one date of a weekly meeting, after saying so. */
function CancelDateDialog({ groupId, ownerId, meeting, date, onDone }: CancelDateDialogProps) {
  const cancel = useCancelMeetingOccurrence(groupId, ownerId);
  return (
    <ConfirmDialog
      title={`Cancel the meeting on ${formatDayDate(date)}?`}
      message="Only this date comes off the schedule; the meeting goes on the other weeks. You can restore it by editing the meeting."
      confirmLabel="Cancel this date"
      onConfirm={() => cancel.mutate({ meetingId: meeting.id, date, cancelled: true }, { onSuccess: onDone })}
      pending={cancel.isPending}
      error={cancel.error}
      failedMessage="Could not cancel the date. Please try again."
      onClose={onDone}
    />
  );
}
