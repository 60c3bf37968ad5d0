// "Schedule Meeting" and "Update Meeting": weekly (a weekday, from a first to
// a last date; the term's end when left empty) or once (a date), a time, a
// length, a place (a room or a link) and an optional title. The server checks
// the rules; its refusal is shown in the form, which stays open with what was
// typed (a long location is counted toward its limit, never cut). Delete
// Meeting hands over to the page, which asks first.

import { useForm, useWatch } from 'react-hook-form';
import type { Meeting } from '@contract/meetings';
import { MEETING_TITLE_MAX } from '@domain/study-group/meeting-plan';
import { LOCATION_MAX, WEEKDAYS } from '@domain/study-group/meeting-rules';
import { characterCount } from '@domain/text/text-policy';
import { ModalDialog } from '@web/components/modal-dialog';
import modal from '@web/components/modal-dialog.module.css';
import { ModalError } from '@web/components/modal-error';
import { SelectField } from '@web/components/select-field';
import { TextField } from '@web/components/text-field';
import { campusToday, formatDayDate, timeInputValue } from '@web/lib/time-of-day';
import { useCancelMeetingOccurrence, useScheduleMeeting, useUpdateMeeting, type MeetingFields } from './api';
import styles from './meeting-modal.module.css';

const DAY_OPTIONS = WEEKDAYS.map((day) => ({ value: day, label: day }));
const LENGTHS = [30, 45, 60, 90, 120, 150, 180];
const LENGTH_OPTIONS = LENGTHS.map((minutes) => ({
  value: String(minutes),
  label: minutes < 60 ? `${minutes} min` : `${minutes / 60} h`.replace('.5 h', '½ h'),
}));

interface MeetingModalProps {
  groupId: number;
  ownerId: number;
  /** The meeting to change; without it the modal schedules a new one. */
  meeting?: Meeting;
  onClose: () => void;
  /** Delete Meeting: the page asks first, in this modal's place. */
  onDelete?: () => void;
  /** A new meeting's day and time filled in ("HH:MM"), and its length in minutes, as Find a time proposes them. */
  initial?: { day: string; time: string; lengthMinutes?: number };
}

interface FormValues {
  kind: 'weekly' | 'once';
  title: string;
  day: string;
  time: string;
  lengthMinutes: string;
  location: string;
  startDate: string;
  endDate: string;
  date: string;
}

function toFields(values: FormValues): MeetingFields {
  const common = {
    kind: values.kind,
    title: values.title,
    time: values.time,
    lengthMinutes: Number(values.lengthMinutes),
    location: values.location,
  };
  if (values.kind === 'once') return { ...common, startDate: values.date };
  return { ...common, day: values.day, startDate: values.startDate || undefined, endDate: values.endDate || undefined };
}

export function MeetingModal({ groupId, ownerId, meeting, onClose, onDelete, initial }: MeetingModalProps) {
  const today = campusToday();
  const { register, handleSubmit, control } = useForm<FormValues>({
    defaultValues: {
      kind: meeting?.kind ?? 'weekly',
      title: meeting?.title ?? '',
      day: meeting?.day ?? initial?.day ?? '',
      time: meeting ? timeInputValue(meeting.time) : (initial?.time ?? ''),
      lengthMinutes: String(meeting?.lengthMinutes ?? initial?.lengthMinutes ?? 60),
      location: meeting?.location ?? '',
      startDate: meeting?.kind === 'weekly' ? meeting.startDate : today,
      endDate: meeting?.kind === 'weekly' ? meeting.endDate : '',
      date: meeting?.kind === 'once' ? meeting.startDate : '',
    },
  });
  const [location, title, kind] = useWatch({ control, name: ['location', 'title', 'kind'] });
  const schedule = useScheduleMeeting(groupId, ownerId);
  const update = useUpdateMeeting(groupId, ownerId);
  const save = meeting ? update : schedule;
  const pending = save.isPending;
  const lengthOptions = LENGTH_OPTIONS.some((o) => o.value === String(meeting?.lengthMinutes ?? 60))
    ? LENGTH_OPTIONS
    : [...LENGTH_OPTIONS, { value: String(meeting?.lengthMinutes), label: `${meeting?.lengthMinutes} min` }];

  const submit = handleSubmit((values) => {
    if (pending) return;
    const fields = toFields(values);
    if (meeting) update.mutate({ meetingId: meeting.id, fields }, { onSuccess: onClose });
    else schedule.mutate(fields, { onSuccess: onClose });
  });

  return (
    <ModalDialog title={meeting ? 'Update Meeting' : 'Schedule Meeting'} onClose={onClose}>
      <form className={modal.form} onSubmit={(event) => void submit(event)} noValidate>
        <fieldset className={styles.kinds}>
          <legend className={styles.legend}>Repeats</legend>
          <label className={styles.kind}>
            <input
              type="radio"
              className={styles.radio}
              value="weekly"
              {...register('kind')}
              data-autofocus={kind === 'weekly' ? true : undefined}
            />
            Weekly
          </label>
          <label className={styles.kind}>
            <input
              type="radio"
              className={styles.radio}
              value="once"
              {...register('kind')}
              data-autofocus={kind === 'once' ? true : undefined}
            />
            Once
          </label>
        </fieldset>
        <TextField
          label="Title (optional)"
          {...register('title')}
          count={{ used: characterCount(title.trim()), max: MEETING_TITLE_MAX }}
          autoComplete="off"
          placeholder="Exam 1 review"
        />
        {kind === 'weekly' ? (
          <>
            <SelectField label="Meeting Day" placeholder="Select Meeting Day" options={DAY_OPTIONS} {...register('day')} />
            <div className={styles.pair}>
              <TextField label="First date" type="date" {...register('startDate')} />
              <TextField label="Last date" type="date" hint="Empty: the end of the term" {...register('endDate')} />
            </div>
          </>
        ) : (
          <TextField label="Date" type="date" min={today} {...register('date')} />
        )}
        <div className={styles.pair}>
          <TextField label="Meeting Time" type="time" {...register('time')} />
          <SelectField label="Length" placeholder="Select a length" options={lengthOptions} {...register('lengthMinutes')} />
        </div>
        <TextField
          label="Location"
          hint="A room, or a link to an online meeting"
          {...register('location')}
          count={{ used: characterCount(location.trim()), max: LOCATION_MAX }}
          autoComplete="off"
          placeholder="Marston Science Library, room 101"
        />
        {meeting && meeting.cancelledDates.length > 0 ? <CancelledDates groupId={groupId} ownerId={ownerId} meeting={meeting} /> : null}
        <ModalError error={save.error} fallback={`Could not ${meeting ? 'update' : 'add'} the meeting. Please try again.`} />
        <div className={modal.actions}>
          {meeting && onDelete ? (
            <button
              type="button"
              className="button button--danger-outline"
              onClick={() => {
                if (!pending) onDelete();
              }}
              aria-disabled={pending}
              aria-haspopup="dialog"
            >
              Delete Meeting
            </button>
          ) : null}
          <button type="submit" className="button button--primary" aria-disabled={pending}>
            {save.isPending ? <span className="button__spinner" aria-hidden="true" /> : null}
            {meeting ? 'Update Meeting' : 'Add Meeting'}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}

/** A series' cancelled dates, each with Restore. */
function CancelledDates({ groupId, ownerId, meeting }: { groupId: number; ownerId: number; meeting: Meeting }) {
  const restore = useCancelMeetingOccurrence(groupId, ownerId);
  return (
    <div className={styles.cancelled}>
      <p className={styles.legend}>Cancelled dates</p>
      <ul className={styles.cancelledList}>
        {meeting.cancelledDates.map((date) => (
          <li key={date}>
            {formatDayDate(date)}{' '}
            <button
              type="button"
              className="button button--small button--outline"
              aria-label={`Restore ${formatDayDate(date)}`}
              onClick={() => {
                if (!restore.isPending) restore.mutate({ meetingId: meeting.id, date, cancelled: false });
              }}
            >
              Restore
            </button>
          </li>
        ))}
      </ul>
      <ModalError error={restore.error} fallback="Could not restore the date. Please try again." />
    </div>
  );
}
