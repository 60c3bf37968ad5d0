// "Delete message?": the confirmation before a message is deleted (the
// student's own, or, by a group's owner, anyone's). It stays open, saying
// why, while the delete fails.
import { useState } from 'react';
import type { ChatMessage } from '@contract/chat';
import type { Member } from '@contract/members';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { memberName, messageAuthorName } from '@web/lib/member-name';

interface DeleteMessageDialogProps {
  message: ChatMessage;
  /** The signed-in student. */
  userId: number;
  people: ReadonlyMap<number, Member>;
  /** Resolves to true once deleted. */
  remove: (messageId: string) => Promise<boolean>;
  /** Why the last delete failed, in the store's words. */
  actionError: string;
  onClose: () => void;
}

export function DeleteMessageDialog({ message, userId, people, remove, actionError, onClose }: DeleteMessageDialogProps) {
  const [deleting, setDeleting] = useState(false);
  const [failed, setFailed] = useState(false);

  async function deleteConfirmed() {
    if (deleting) return;
    setDeleting(true);
    const deleted = await remove(message.id);
    setDeleting(false);
    setFailed(!deleted);
    if (deleted) onClose();
  }

  const author = people.get(message.user_id);
  return (
    <ConfirmDialog
      title="Delete message?"
      message={
        message.user_id === userId
          ? 'Everyone in this chat will see "Message deleted" in its place.'
          : `Delete ${author ? memberName(author) : messageAuthorName(message)}'s message? Everyone in this chat will see "Message deleted" in its place.`
      }
      confirmLabel="Delete message"
      onConfirm={() => void deleteConfirmed()}
      onClose={onClose}
      pending={deleting}
      error={failed || null}
      failedMessage={actionError || 'The message was not deleted. Please try again.'}
    />
  );
}
