// A group's weekly meetings on its page, in 12-hour time; the owner schedules
// new ones with the plus button and changes one with its pencil.
import { useId } from 'react';
import type { Meeting } from '@contract/study-groups';
import { Icon } from '@web/components/icon';
import { formatTime12 } from '@web/lib/time-of-day';
import styles from './meeting-list.module.css';

interface MeetingListProps {
  meetings: Meeting[];
  isOwner: boolean;
  onSchedule: () => void;
  onEdit: (meeting: Meeting) => void;
}

export function MeetingList({ meetings, isOwner, onSchedule, onEdit }: MeetingListProps) {
  const headingId = useId();
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
              <p>
                <span className={styles.day}>{meeting.day}</span> <span className={styles.time}>{formatTime12(meeting.time)}</span>
              </p>
              <p className={styles.location}>@ {meeting.location}</p>
              {isOwner ? (
                <button
                  type="button"
                  className={`icon-button ${styles.edit}`}
                  aria-label={`Edit meeting on ${meeting.day} at ${formatTime12(meeting.time)}`}
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
    </>
  );
}
