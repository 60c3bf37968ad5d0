// Members of a group on its page: the owner marked "Owner", the student "You",
// names in capitalised words (initials only on narrow screens), a profile card
// on click, and for the owner a remove icon beside every other member.
import { useCallback, useId, useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Icon } from '../../components/icon';
import { InitialsAvatar } from '../../components/initials-avatar';
import { ProfileCard } from '../../components/profile-card';
import { useElementRefs } from '../../lib/use-element-refs';
import type { Member } from '../../../../adapters/http/contract/members';
import type { StudyGroup } from '../../../../adapters/http/contract/study-groups';
import { useRemoveGroupMember } from './api';
import { capitaliseWords, displayName } from './display-name';
import styles from './group-members-panel.module.css';

interface GroupMembersPanelProps {
  group: StudyGroup;
  userId: number;
}

export function GroupMembersPanel({ group, userId }: GroupMembersPanelProps) {
  const headingId = useId();
  const [openId, setOpenId] = useState<number | null>(null);
  const [removing, setRemoving] = useState<Member | null>(null);
  const remove = useRemoveGroupMember(group.id);
  const triggers = useElementRefs<number>();
  const close = useCallback(() => setOpenId(null), []);
  const open = group.members.find((member) => member.id === openId);
  const isOwner = group.owner.id === userId;

  return (
    <section className="panel" aria-labelledby={headingId}>
      <h2 className="panel__title" id={headingId}>
        Members
      </h2>
      <ul className={styles.list}>
        {group.members.map((member) => {
          const name = displayName(member);
          return (
            <li key={member.id} className={styles.item}>
              <button
                ref={triggers.refFor(member.id)}
                type="button"
                className={styles.person}
                aria-label={name}
                aria-haspopup="dialog"
                aria-expanded={openId === member.id}
                title={name}
                onClick={() => setOpenId((current) => (current === member.id ? null : member.id))}
              >
                <InitialsAvatar firstName={member.first_name} lastName={member.last_name} fallback={member.username} />
                <span className={styles.name} aria-hidden="true">
                  {name}
                </span>
              </button>
              <span className={styles.marks}>
                {member.id === group.owner.id ? <span className={`${styles.mark} ${styles.owner}`}>Owner</span> : null}
                {member.id === userId ? <span className={`${styles.mark} ${styles.you}`}>You</span> : null}
              </span>
              {isOwner && member.id !== userId ? (
                <button
                  type="button"
                  className={`icon-button ${styles.remove}`}
                  aria-label={`Remove ${name}`}
                  title={`Remove ${name}`}
                  aria-haspopup="dialog"
                  onClick={() => {
                    remove.reset();
                    setRemoving(member);
                  }}
                >
                  <Icon name="user-minus" />
                </button>
              ) : null}
            </li>
          );
        })}
      </ul>
      {open ? (
        <ProfileCard key={open.id} member={open} formatName={capitaliseWords} onClose={close} trigger={triggers.get(open.id)} />
      ) : null}
      {removing ? (
        <ConfirmDialog
          title="Remove member"
          message={`Remove ${displayName(removing)} from ${group.name}? They will no longer see the group's page or chat.`}
          confirmLabel="Remove"
          failedMessage="Could not remove this member. Please try again."
          onConfirm={() => remove.mutate(removing.id, { onSuccess: () => setRemoving(null) })}
          pending={remove.isPending}
          error={remove.error}
          onClose={() => setRemoving(null)}
        />
      ) : null}
    </section>
  );
}
