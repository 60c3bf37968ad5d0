// Leave Group, asked first, wherever it is pressed (the group page, the
// group modal): a member is asked "Leave {group}?"; the owner alone in it is
// told that leaving deletes it; the owner of a group with other members
// says who owns it next (the longest-standing member unless they pick
// another), since the owner's controls pass to that member.
import { useId, useState } from 'react';
import type { StudyGroup } from '@contract/study-groups';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { ModalDialog } from '@web/components/modal-dialog';
import modal from '@web/components/modal-dialog.module.css';
import { ModalError } from '@web/components/modal-error';
import { memberName } from '@web/lib/member-name';
import { defaultNextOwner } from './invite-display';
import styles from './leave-group-dialog.module.css';

export const LEAVE_FAILED = 'Could not leave this group. Please try again.';

interface LeaveGroupDialogProps {
  group: StudyGroup;
  userId: number;
  /** Leaves; nextOwnerId only when the owner leaves others behind. */
  onLeave: (nextOwnerId?: number) => void;
  pending: boolean;
  error: unknown;
  onClose: () => void;
}

export function LeaveGroupDialog({ group, userId, onLeave, pending, error, onClose }: LeaveGroupDialogProps) {
  const isOwner = group.owner.id === userId;
  const others = group.members.filter((member) => member.id !== userId);
  if (isOwner && others.length > 0) {
    return <HandOverDialog group={group} userId={userId} onLeave={onLeave} pending={pending} error={error} onClose={onClose} />;
  }
  const question = isOwner
    ? {
        title: 'Leave and delete the group?',
        message: `You are the only member of ${group.name}. Leaving deletes the group, its meetings and its chat.`,
      }
    : {
        title: `Leave ${group.name}?`,
        message: group.public
          ? 'You will no longer see its page or chat. You can join it again from its course.'
          : 'You will no longer see its page or chat. It is private: to come back, you need an invite or the owner’s yes to a request.',
      };
  return (
    <ConfirmDialog
      {...question}
      confirmLabel="Leave Group"
      onConfirm={() => onLeave()}
      pending={pending}
      error={error}
      failedMessage={LEAVE_FAILED}
      onClose={onClose}
    />
  );
}

/** The owner leaves other members behind: they pick who owns the group next. */
function HandOverDialog({ group, userId, onLeave, pending, error, onClose }: LeaveGroupDialogProps) {
  const others = group.members.filter((member) => member.id !== userId);
  const [nextOwner, setNextOwner] = useState<number>(defaultNextOwner(group) ?? others[0].id);
  const name = useId();
  return (
    <ModalDialog title={`Leave ${group.name}?`} onClose={onClose} narrow>
      <form
        className={modal.form}
        onSubmit={(event) => {
          event.preventDefault();
          if (!pending) onLeave(nextOwner);
        }}
      >
        <p className={modal.text}>
          You own this group. When you leave, the member you choose becomes its owner: they edit it, schedule its meetings, remove members
          and let new people in. You will no longer see its page or chat.
        </p>
        <fieldset className={styles.choices}>
          <legend className={styles.legend}>Next owner</legend>
          {others.map((member, index) => (
            <label key={member.id} className={styles.choice}>
              <input
                type="radio"
                name={name}
                value={member.id}
                className={styles.radio}
                checked={nextOwner === member.id}
                onChange={() => setNextOwner(member.id)}
                data-autofocus={nextOwner === member.id ? true : undefined}
              />
              <span>
                {memberName(member)}
                {index === 0 ? <span className={styles.hint}> (a member the longest)</span> : null}
              </span>
            </label>
          ))}
        </fieldset>
        <ModalError error={error} fallback={LEAVE_FAILED} />
        <div className={modal.actions}>
          <button type="button" className="button button--outline" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button button--danger-outline" aria-disabled={pending}>
            {pending ? <span className="button__spinner" aria-hidden="true" /> : null}
            Leave Group
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
