// Find a time: the group's best weekly slots for a meeting of the chosen
// length, each saying who is free (and who is busy, never why), the members
// who have shared no schedule, and for the owner "Schedule this", which opens
// Schedule Meeting with the slot's day and time filled in.
import { useId, useState } from 'react';
import type { StudyGroup } from '@contract/study-groups';
import type { Weekday } from '@domain/study-group/meeting-rules';
import { ErrorLine } from '@web/components/error-line';
import { LoadingLine } from '@web/components/loading-line';
import { ModalDialog } from '@web/components/modal-dialog';
import modal from '@web/components/modal-dialog.module.css';
import { SelectField } from '@web/components/select-field';
import { memberName } from '@web/lib/member-name';
import { formatTime12 } from '@web/lib/time-of-day';
import { useFindATime, type FindATimeAnswer } from './find-a-time-api';
import styles from './find-a-time-dialog.module.css';

const LENGTHS = [
  { value: '30', label: '30 min' },
  { value: '60', label: '1 hour' },
  { value: '90', label: '90 min' },
  { value: '120', label: '2 hours' },
];

type Proposal = FindATimeAnswer['proposals'][number];

/** "18:00" -> "6:00 PM"; "24:00" (midnight at the end of the day) -> "12:00 AM". */
const clock = (time: string) => formatTime12(time === '24:00' ? '00:00' : time);

interface FindATimeDialogProps {
  group: StudyGroup;
  userId: number;
  onClose: () => void;
  /** The owner's "Schedule this": Schedule Meeting, filled in with the slot. */
  onSchedule: (slot: { day: Weekday; time: string; lengthMinutes: number }) => void;
}

export function FindATimeDialog({ group, userId, onClose, onSchedule }: FindATimeDialogProps) {
  const [length, setLength] = useState(60);
  const found = useFindATime(group.id, length);
  const listId = useId();
  const isOwner = group.owner.id === userId;
  const nameOf = (id: number) => {
    const member = group.members.find((m) => m.id === id);
    return member ? memberName(member) : 'A former member';
  };
  const total = group.members.length;

  const describe = (p: Proposal) => {
    if (p.busy.length === 0) return `all ${p.free.length} free`;
    return `${p.free.length} of ${p.free.length + p.busy.length} free: busy: ${p.busy.map(nameOf).join(', ')}`;
  };

  return (
    <ModalDialog title="Find a time" onClose={onClose}>
      <div className={modal.form}>
        <SelectField
          label="Meeting length"
          placeholder="Choose a length"
          options={LENGTHS}
          value={String(length)}
          onChange={(event) => {
            if (event.target.value) setLength(Number(event.target.value));
          }}
          data-autofocus
        />
        <p className={modal.text}>
          Weekly times that suit the {total} {total === 1 ? 'member' : 'members'}, from everyone&rsquo;s classes, other groups and busy
          times. Nobody sees why someone else is busy.
        </p>
        {found.isPending ? (
          <LoadingLine>Finding times...</LoadingLine>
        ) : found.isError ? (
          <ErrorLine onRetry={() => void found.refetch()}>Could not find times. Please try again.</ErrorLine>
        ) : found.data.proposals.length === 0 ? (
          <p className={modal.text}>No time suits anyone this week.</p>
        ) : (
          <ul className={styles.list} id={listId} aria-label="Suggested times, best first" aria-live="polite">
            {found.data.proposals.map((p) => {
              const when = `${p.day}, ${clock(p.start)} - ${clock(p.end)}`;
              return (
                <li key={`${p.day}-${p.start}`} className={styles.item}>
                  <p className={styles.when}>
                    {when} <span className={styles.who}>· {describe(p)}</span>
                  </p>
                  {isOwner ? (
                    <button
                      type="button"
                      className="button button--outline button--small"
                      aria-label={`Schedule this: ${when}`}
                      aria-haspopup="dialog"
                      onClick={() => onSchedule({ day: p.day, time: p.start, lengthMinutes: length })}
                    >
                      Schedule this
                    </button>
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
        {found.data && found.data.unknownSchedules.length > 0 ? (
          <div>
            {found.data.unknownSchedules.map((id) => (
              <p key={id} className={styles.unknown}>
                {id === userId
                  ? "You haven't shared a schedule (add your busy times on your profile)."
                  : `${nameOf(id)} hasn't shared a schedule.`}
              </p>
            ))}
          </div>
        ) : null}
      </div>
    </ModalDialog>
  );
}
