// A classmate's sections of the course, for their profile card on the course's
// pages: one line each ("Section 1889, Tu/Th 9:35 AM"), or that they named none
// (they joined the course alone).
import type { CourseMember } from '@contract/courses';
import { sectionSummary } from './section-summary';
import styles from './member-sections.module.css';

function MemberSections({ member }: { member: CourseMember }) {
  if (member.sections.length === 0) return <p className={styles.none}>No section named</p>;
  return (
    <ul className={styles.sections} aria-label="Sections">
      {member.sections.map((section) => (
        <li key={section.id}>{sectionSummary(section)}</li>
      ))}
    </ul>
  );
}

/** For useProfileCard (the Students panel, the course chat's authors). */
export const memberSections = (member: CourseMember) => <MemberSections member={member} />;
