// Members of a group on its page: the owner marked "Owner", the student "You",
// names through the display rule (initials only on narrow screens, the name
// then in a tip), a profile card on click, and for the owner a remove icon
// beside every other member, and "Invite people" with the count of requests to join.
import { useId, useState } from 'react';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { Icon } from '@web/components/icon';
import { PersonButton } from '@web/components/person-button';
import { useProfileCard } from '@web/components/profile-card';
import { memberName } from '@web/lib/member-name';
import type { Member } from '@contract/members';
import type { StudyGroup } from '@contract/study-groups';
import { useRemoveGroupMember } from './api';
import { requestCountLabel } from './invite-display';
import styles from './group-members-panel.module.css';

interface GroupMembersPanelProps {
  group: StudyGroup;
  userId: number;
  /** The owner's "Invite people" (the page opens its dialog). */
  onInvite?: () => void;
}

export function GroupMembersPanel({ group, userId, onInvite }: GroupMembersPanelProps) {
  const headingId = useId();
  const [removing, setRemoving] = useState<Member | null>(null);
  const remove = useRemoveGroupMember(group.id);
  const { openKey, toggle, card } = useProfileCard(group.members);
  const isOwner = group.owner.id === userId;

  return (
    <section className="panel" aria-labelledby={headingId}>
      <div className={styles.header}>
        <h2 className="panel__title" id={headingId}>
          Members
        </h2>
        {isOwner && onInvite ? (
          <button
            type="button"
            className={`button button--outline button--small ${styles.invite}`}
            aria-haspopup="dialog"
            onClick={onInvite}
          >
            <Icon name="user-plus" size={18} />
            Invite people
            {/* Apart in the name too ("Invite people 2 requests to join"); the flex gap spaces it on screen. */}{' '}
            {group.pendingRequests > 0 ? (
              <span className={styles.count}>
                {group.pendingRequests}
                <span className="visually-hidden"> {requestCountLabel(group.pendingRequests).replace(/^\d+ /, '')}</span>
              </span>
            ) : null}
          </button>
        ) : null}
      </div>
      <ul className={styles.list}>
        {group.members.map((member) => {
          const name = memberName(member);
          return (
            <li key={member.id} className={styles.item}>
              <PersonButton
                member={member}
                className={styles.person}
                nameClassName={styles.name}
                tipClassName={styles.tip}
                expanded={openKey === member.id}
                onToggle={(trigger) => toggle({ key: member.id, memberId: member.id, trigger })}
              />
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
      {card}
      {removing ? (
        <ConfirmDialog
          title="Remove member"
          message={`Remove ${memberName(removing)} from ${group.name}? They will no longer see the group's page or chat.`}
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
