// The course's students as initials; each opens that student's profile card.
import { useCallback, useId, useState } from 'react';
import { InitialsAvatar } from '../../components/initials-avatar';
import { ProfileCard } from '../../components/profile-card';
import type { Member } from '../../../../adapters/http/contract/members';
import { useElementRefs } from '../../lib/use-element-refs';
import styles from './students-panel.module.css';

function fullName(member: Member): string {
  return `${member.first_name.trim()} ${member.last_name.trim()}`.trim() || member.username;
}

export function StudentsPanel({ members, headingLevel }: { members: Member[]; headingLevel: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const headingId = useId();
  const [openId, setOpenId] = useState<number | null>(null);
  const triggers = useElementRefs<number>();
  const close = useCallback(() => setOpenId(null), []);
  const open = members.find((member) => member.id === openId);

  return (
    <section className="panel" aria-labelledby={headingId}>
      <Heading className="panel__title" id={headingId}>
        Students
      </Heading>
      {members.length === 0 ? (
        <p className="panel__muted">No students have joined this course yet.</p>
      ) : (
        <ul className={styles.list}>
          {members.map((member) => (
            <li key={member.id}>
              <button
                ref={triggers.refFor(member.id)}
                type="button"
                className={styles.person}
                aria-label={fullName(member)}
                aria-haspopup="dialog"
                aria-expanded={openId === member.id}
                title={fullName(member)}
                onClick={() => setOpenId((current) => (current === member.id ? null : member.id))}
              >
                <InitialsAvatar firstName={member.first_name} lastName={member.last_name} fallback={member.username} />
              </button>
            </li>
          ))}
        </ul>
      )}
      {open ? (
        <ProfileCard key={open.id} member={open} onClose={close} trigger={triggers.get(open.id)} />
      ) : null}
    </section>
  );
}
