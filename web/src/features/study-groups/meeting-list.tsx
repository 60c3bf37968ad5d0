// A group's meetings on its page: each as "Tuesdays 7:00–8:00 PM · until
// Dec 3" or "Exam 1 review · Fri, Oct 3, 7:00–9:00 PM" with its place (a link
// opens apart); the next meeting with who is coming and the student's Going /
// Not going, for that date or every week; the owner schedules with the plus
// button, changes a meeting with its pencil and cancels one date of a series.
import { useId, useState } from 'react';
import type { Meeting } from '@contract/meetings';
import { ErrorLine } from '@web/components/error-line';
import { Icon } from '@web/components/icon';
import { formatDayDate, formatTime12, formatTimeRange } from '@web/lib/time-of-day';
import { useAnswerMeeting } from './api';
import { comingLine, meetingSummary, soonest } from './meeting-display';
import { MeetingPlace } from './meeting-place';
import styles from './meeting-list.module.css';

interface MeetingListProps {
  groupId: number;
  meetings: Meeting[];
  isOwner: boolean;
  onSchedule: () => void;
  onEdit: (meeting: Meeting) => void;
  /** The owner's "Cancel this date": the page asks first. */
  onCancelDate: (meeting: Meeting, date: string) => void;
}

export function MeetingList({ groupId, meetings, isOwner, onSchedule, onEdit, onCancelDate }: MeetingListProps) {
  const headingId = useId();
  const next = soonest(meetings);
  return (
    <>
      <div className={styles.header}>
        <h2 className="panel__title" id={headingId}>
          Meetings
        </h2>
        {isOwner ? (
          <button
            type="button"
            className="icon-button icon-button--accent"
            aria-label="Schedule a meeting"
            title="Schedule a meeting"
            aria-haspopup="dialog"
            onClick={onSchedule}
          >
            <Icon name="plus" />
          </button>
        ) : null}
      </div>
      {meetings.length === 0 ? (
        <p className="panel__muted">No meetings scheduled yet.</p>
      ) : (
        <ul className={styles.list} aria-labelledby={headingId}>
          {meetings.map((meeting) => (
            <li key={meeting.id} className={styles.item}>
              <p className={styles.when}>
                {meeting.kind === 'weekly' && meeting.title ? <span className={styles.title}>{meeting.title} · </span> : null}
                {meetingSummary(meeting)}
              </p>
              <MeetingPlace className={styles.location} location={meeting.location} />
              {isOwner ? (
                <button
                  type="button"
                  className={`icon-button ${styles.edit}`}
                  aria-label={`Edit meeting on ${meeting.kind === 'once' ? formatDayDate(meeting.startDate) : meeting.day} at ${formatTime12(meeting.time)}`}
                  title="Edit meeting"
                  aria-haspopup="dialog"
                  onClick={() => onEdit(meeting)}
                >
                  <Icon name="pencil" size={18} />
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {next?.next ? <NextMeetingCard groupId={groupId} meeting={next} isOwner={isOwner} onCancelDate={onCancelDate} /> : null}
    </>
  );
}

interface NextMeetingCardProps {
  groupId: number;
  meeting: Meeting;
  isOwner: boolean;
  onCancelDate: (meeting: Meeting, date: string) => void;
}

/** The next meeting: when, who is coming, and the student's answer for that date or every week. */
function NextMeetingCard({ groupId, meeting, isOwner, onCancelDate }: NextMeetingCardProps) {
  const headingId = useId();
  const answer = useAnswerMeeting(groupId);
  const next = meeting.next!;
  const weekly = meeting.kind === 'weekly';
  const [forSeries, setForSeries] = useState(next.myAnswer?.forSeries ?? false);
  const mine = next.myAnswer;
  const send = (going: boolean | null) => {
    if (answer.isPending) return;
    answer.mutate({ meetingId: meeting.id, date: weekly && forSeries ? null : next.date, going });
  };
  return (
    <section className={styles.next} aria-labelledby={headingId}>
      <h3 className={styles.nextTitle} id={headingId}>
        Next meeting
      </h3>
      <p className={styles.nextWhen}>
        {meeting.title ? `${meeting.title} · ` : ''}
        {formatDayDate(next.date)}, {formatTimeRange(meeting.time, meeting.lengthMinutes)}
      </p>
      <p className={styles.coming}>{comingLine(next)}</p>
      <div className={styles.answers} role="group" aria-label="Are you going?">
        <button
          type="button"
          className="button button--small button--outline"
          aria-pressed={mine?.going === true}
          onClick={() => send(true)}
        >
          Going
        </button>
        <button
          type="button"
          className="button button--small button--outline"
          aria-pressed={mine?.going === false}
          onClick={() => send(false)}
        >
          Not going
        </button>
        {mine ? (
          <button type="button" className="button button--small button--outline" onClick={() => send(null)}>
            Clear my answer
          </button>
        ) : null}
      </div>
      {weekly ? (
        <label className={styles.series}>
          <input type="checkbox" checked={forSeries} onChange={(event) => setForSeries(event.target.checked)} />
          Answer for every week
        </label>
      ) : null}
      {mine ? (
        <p
          className={styles.mine}
        >{`You said ${mine.going ? 'Going' : 'Not going'}${mine.forSeries ? ' for every week' : ' for this date'}.`}</p>
      ) : null}
      {answer.error ? <ErrorLine>Could not save your answer. Please try again.</ErrorLine> : null}
      {isOwner && weekly ? (
        <button
          type="button"
          className="button button--small button--danger-outline"
          aria-haspopup="dialog"
          onClick={() => onCancelDate(meeting, next.date)}
        >
          Cancel this date
        </button>
      ) : null}
    </section>
  );
}
