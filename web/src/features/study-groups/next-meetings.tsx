// The dashboard's "Next meetings": the student's next few meetings across
// their groups, soonest first, each linking to its group's page.
import { Link } from 'react-router-dom';
import type { Meeting } from '@contract/meetings';
import { formatDayDate, formatTimeRange } from '@web/lib/time-of-day';
import { MeetingPlace } from './meeting-place';
import styles from './next-meetings.module.css';

interface UpcomingMeeting {
  studyGroupID: number;
  studyGroupName: string;
  /** Its `next` is the date listed. */
  meeting: Meeting;
}

export function NextMeetings({ items }: { items: UpcomingMeeting[] }) {
  return (
    <section className={styles.section} aria-labelledby="next-meetings-heading">
      <h2 className={styles.title} id="next-meetings-heading">
        Next meetings
      </h2>
      {items.length === 0 ? (
        <p className="panel__muted">No meetings coming up in your groups.</p>
      ) : (
        <ul className={styles.list}>
          {items.map(({ studyGroupID, studyGroupName, meeting }) => (
            <li key={`${meeting.id}-${meeting.next?.date}`} className={styles.item}>
              <Link to={`/study-group/${studyGroupID}`} className={styles.group}>
                {studyGroupName}
              </Link>
              <span className={styles.when}>
                {meeting.title ? `${meeting.title} · ` : ''}
                {meeting.next ? `${formatDayDate(meeting.next.date)}, ` : ''}
                {formatTimeRange(meeting.time, meeting.lengthMinutes)}
              </span>
              <MeetingPlace className={styles.place} location={meeting.location} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
