// The course's students as initials, each in the student's own colour with
// their name in a tip; each opens that student's profile card.
import { useId } from 'react';
import type { Member } from '@contract/members';
import { PersonButton } from '@web/components/person-button';
import { useProfileCard } from '@web/components/profile-card';
import styles from './students-panel.module.css';

export function StudentsPanel({ members, headingLevel }: { members: Member[]; headingLevel: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const headingId = useId();
  const { openKey, toggle, card } = useProfileCard(members);

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
              <PersonButton
                member={member}
                className={styles.person}
                expanded={openKey === member.id}
                onToggle={(trigger) => toggle({ key: member.id, memberId: member.id, trigger })}
              />
            </li>
          ))}
        </ul>
      )}
      {card}
    </section>
  );
}
