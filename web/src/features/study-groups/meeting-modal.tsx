// "Schedule Meeting" and "Update Meeting": a weekday, a time and a place.
// The spec shows no client-side checks here; the server's refusal is shown
// in the form, which stays open with what was typed.
import { useId, useState, type FormEvent } from 'react';
import { ModalDialog } from '../../components/modal-dialog';
import { formatTime24 } from '../../lib/time-of-day';
import type { MeetingFields } from './api';
import { WEEKDAYS, type Meeting } from './study-group-schema';

interface MeetingModalProps {
  /** The meeting to change; without it the modal schedules a new one. */
  meeting?: Meeting;
  /** Rejects with an Error whose message is the line to show; the modal then stays open. */
  onSave: (fields: MeetingFields) => Promise<void>;
  /** Offered only for an existing meeting; rejects like onSave. */
  onDelete?: () => Promise<void>;
  onClose: () => void;
}

export function MeetingModal({ meeting, onSave, onDelete, onClose }: MeetingModalProps) {
  const [day, setDay] = useState(meeting?.day ?? '');
  const [time, setTime] = useState(meeting ? formatTime24(meeting.time) : '');
  const [location, setLocation] = useState(meeting?.location ?? '');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState<'save' | 'delete' | null>(null);
  const ids = { day: useId(), time: useId(), location: useId() };

  async function run(action: 'save' | 'delete', work: () => Promise<void>) {
    if (busy) return;
    setBusy(action);
    setError('');
    try {
      await work();
    } catch (failed) {
      setError(failed instanceof Error && failed.message ? failed.message : `Could not ${action} the meeting. Please try again.`);
      setBusy(null);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    void run('save', () => onSave({ day, time, location }));
  }

  const title = meeting ? 'Update Meeting' : 'Schedule Meeting';
  return (
    <ModalDialog title={title} onClose={onClose}>
      <form className="modal__form" onSubmit={submit} noValidate>
        <div className="form-field">
          <label className="form-field__label" htmlFor={ids.day}>
            Meeting Day
          </label>
          <select id={ids.day} className="input input--select" value={day} onChange={(event) => setDay(event.target.value)} data-autofocus>
            <option value="">Select Meeting Day</option>
            {WEEKDAYS.map((weekday) => (
              <option key={weekday} value={weekday}>
                {weekday}
              </option>
            ))}
          </select>
        </div>
        <div className="form-field">
          <label className="form-field__label" htmlFor={ids.time}>
            Meeting Time
          </label>
          <input id={ids.time} className="input" type="time" value={time} onChange={(event) => setTime(event.target.value)} />
        </div>
        <div className="form-field">
          <label className="form-field__label" htmlFor={ids.location}>
            Location
          </label>
          <input
            id={ids.location}
            className="input"
            value={location}
            maxLength={200}
            autoComplete="off"
            placeholder="Marston Science Library, room 101"
            onChange={(event) => setLocation(event.target.value)}
          />
        </div>
        {error ? (
          <p className="form-error modal__error" role="alert">
            {error}
          </p>
        ) : null}
        <div className="modal__actions">
          {onDelete ? (
            <button type="button" className="button button--danger-outline" onClick={() => void run('delete', onDelete)} aria-disabled={busy !== null}>
              Delete Meeting
            </button>
          ) : null}
          <button type="submit" className="button button--primary" aria-disabled={busy !== null}>
            {busy === 'save' ? <span className="button__spinner" aria-hidden="true" /> : null}
            {meeting ? 'Update Meeting' : 'Add Meeting'}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
