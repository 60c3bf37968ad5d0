// The dialogs a group's page opens: Update Group, Schedule Meeting, Update
// Meeting, and the owner's "Leave and delete the group?" when alone in it.
import type { Meeting, StudyGroup } from '@contract/study-groups';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { MeetingModal } from './meeting-modal';
import { UpdateGroupModal } from './update-group-modal';

export type GroupPageModal =
  { kind: 'edit-group' } | { kind: 'schedule' } | { kind: 'meeting'; meeting: Meeting } | { kind: 'leave-alone' };

export const LEAVE_FAILED = 'Could not leave this group. Please try again.';

interface GroupPageModalsProps {
  open: GroupPageModal | null;
  group: StudyGroup;
  userId: number;
  /** Leave Group, run by the page (its failure also shows beside the page's button). */
  leave: { run: () => void; pending: boolean; error: unknown };
  onClose: () => void;
}

export function GroupPageModals({ open, group, userId, leave, onClose }: GroupPageModalsProps) {
  switch (open?.kind) {
    case 'edit-group':
      return <UpdateGroupModal group={group} ownerId={userId} onClose={onClose} />;
    case 'schedule':
      return <MeetingModal groupId={group.id} ownerId={userId} onClose={onClose} />;
    case 'meeting':
      return <MeetingModal key={open.meeting.id} groupId={group.id} ownerId={userId} meeting={open.meeting} onClose={onClose} />;
    case 'leave-alone':
      return (
        <ConfirmDialog
          title="Leave and delete the group?"
          message={`You are the only member of ${group.name}. Leaving deletes the group, its meetings and its chat.`}
          confirmLabel="Leave Group"
          onConfirm={leave.run}
          pending={leave.pending}
          error={leave.error}
          failedMessage={LEAVE_FAILED}
          onClose={onClose}
        />
      );
    default:
      return null;
  }
}
