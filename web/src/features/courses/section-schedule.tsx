// Where and when a section meets, as the course header shows it: its section,
// one line per meeting (days, times, building and room), "Online", or that UF
// listed no times (as the search card says); and a note when UF no longer offers it.
import type { Course } from '@contract/courses';
import { describeMeetings } from '@domain/course/meet-times';
import styles from './section-schedule.module.css';

export function SectionSchedule({ course }: { course: Course }) {
  const meetings = describeMeetings({ sectWeb: course.sect_web, mode: course.mode, meetTimes: course.meet_times });
  return (
    <>
      <ul className={styles.schedule} aria-label="Section schedule">
        {course.section ? <li>Section {course.section}</li> : null}
        {meetings.map((line) => (
          <li key={line}>{line}</li>
        ))}
        {meetings.length === 0 ? <li className={styles.unlisted}>Meeting times not listed</li> : null}
      </ul>
      {course.withdrawn ? <p className={styles.withdrawn}>UF no longer lists this section.</p> : null}
    </>
  );
}
