// The course's students, whichever section they are in, as initials, each in
// the student's own colour with their name in a tip; each opens that
// student's profile card, with their sections of the course.
import { useId } from 'react';
import type { CourseMember } from '@contract/courses';
import { PersonButton } from '@web/components/person-button';
import { useProfileCard } from '@web/components/profile-card';
import { memberSections } from './member-sections';
import styles from './students-panel.module.css';

export function StudentsPanel({ members, headingLevel }: { members: CourseMember[]; headingLevel: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const headingId = useId();
  const { openKey, toggle, card } = useProfileCard(members, memberSections);

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
