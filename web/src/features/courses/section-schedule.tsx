// Where and when a section meets, as the course header shows it: its section,
// one line per meeting (days, times, building and room), or "Online"; and a
// note when UF no longer offers it.
import type { Course } from '../../../../adapters/http/contract/courses';
import { describeMeetings } from '../../../../domain/course/meet-times';
import styles from './section-schedule.module.css';

export function SectionSchedule({ course }: { course: Course }) {
  const meetings = describeMeetings({ sectWeb: course.sect_web, mode: course.mode, meetTimes: course.meet_times });
  return (
    <>
      {meetings.length > 0 || course.section ? (
        <ul className={styles.schedule} aria-label="Section schedule">
          {course.section ? <li>Section {course.section}</li> : null}
          {meetings.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ) : null}
      {course.withdrawn ? <p className={styles.withdrawn}>UF no longer lists this section.</p> : null}
    </>
  );
}
