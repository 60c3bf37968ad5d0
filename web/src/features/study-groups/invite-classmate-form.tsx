// "Invite a classmate" in the owner's Invite people: a username, suggested
// from the course's students who are not in the group or asked already; the
// server's refusal in its own words.
import { useId, useState, type FormEvent } from 'react';
import type { Member } from '@contract/members';
import type { StudyGroup } from '@contract/study-groups';
import { TextField } from '@web/components/text-field';
import { messageForStudent } from '@web/lib/api-error';
import { memberName } from '@web/lib/member-name';
import { useInviteStudent } from './invitations-api';
import styles from './invite-people-dialog.module.css';

interface InviteClassmateProps {
  group: StudyGroup;
  ownerId: number;
  classmates: Member[] | undefined;
  /** Members, askers and those invited already: not suggested. */
  taken: Set<number>;
}

export function InviteClassmateForm({ group, ownerId, classmates, taken }: InviteClassmateProps) {
  const headingId = useId();
  const listId = useId();
  const invite = useInviteStudent(group.id, ownerId);
  const [username, setUsername] = useState('');
  const [missing, setMissing] = useState(false);
  const suggestions = (classmates ?? []).filter((classmate) => !taken.has(classmate.id));

  function submit(event: FormEvent) {
    event.preventDefault();
    if (invite.isPending) return;
    const wanted = username.trim().replace(/^@/, '');
    if (!wanted) {
      setMissing(true);
      return;
    }
    invite.mutate(wanted, { onSuccess: () => setUsername('') });
  }

  const done = invite.isSuccess ? invite.data : null;
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h3 className={styles.heading} id={headingId}>
        Invite a classmate
      </h3>
      <form className={styles.inviteForm} onSubmit={submit} noValidate>
        <TextField
          label="Username"
          hint="A student of this course; they accept or decline in the group’s window on the course page."
          value={username}
          onChange={(event) => {
            setUsername(event.target.value);
            setMissing(false);
          }}
          list={listId}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          error={
            missing
              ? 'Please enter a username'
              : invite.error
                ? messageForStudent(invite.error, 'Could not invite them. Please try again.')
                : null
          }
        />
        <datalist id={listId}>
          {suggestions.map((classmate) => (
            <option key={classmate.id} value={classmate.username}>
              {memberName(classmate)}
            </option>
          ))}
        </datalist>
        <button type="submit" className={`button button--primary ${styles.create}`} aria-disabled={invite.isPending}>
          {invite.isPending ? <span className="button__spinner" aria-hidden="true" /> : null}
          Invite
        </button>
      </form>
      <p className={styles.copied} role="status">
        {done
          ? done.isMember
            ? `${memberName(done.student)} had asked to join: they are a member now.`
            : `Invited ${memberName(done.student)}.`
          : ''}
      </p>
    </section>
  );
}
