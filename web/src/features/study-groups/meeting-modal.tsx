// "Schedule Meeting" and "Update Meeting": a weekday, a time and a place.
// The spec shows no client-side checks here; the server's refusal is shown
// in the form, which stays open with what was typed.
import { useId, useState, type FormEvent } from 'react';
import { FormField } from '../../components/form-field';
import { ModalDialog } from '../../components/modal-dialog';
import { ModalError } from '../../components/modal-error';
import { usePendingAction } from '../../lib/use-pending-action';
import { formatTime24 } from '../../lib/time-of-day';
import type { MeetingFields } from './api';
import type { Meeting } from '../../../../adapters/http/contract/study-groups';
import { WEEKDAYS } from '../../../../domain/study-group/meeting-rules';

interface MeetingModalProps {
  /** The meeting to change; without it the modal schedules a new one. */
  meeting?: Meeting;
  /** Rejects when the server refused; the modal then shows why and stays open. */
  onSave: (fields: MeetingFields) => Promise<void>;
  /** Offered only for an existing meeting; rejects like onSave. */
  onDelete?: () => Promise<void>;
  onClose: () => void;
}

export function MeetingModal({ meeting, onSave, onDelete, onClose }: MeetingModalProps) {
  const action = usePendingAction<'save' | 'delete'>();
  const [fields, setFields] = useState<MeetingFields>({
    day: meeting?.day ?? '',
    time: meeting ? formatTime24(meeting.time) : '',
    location: meeting?.location ?? '',
  });
  const ids = { day: useId(), time: useId(), location: useId() };
  const change = (name: keyof MeetingFields) => (event: { target: { value: string } }) => setFields({ ...fields, [name]: event.target.value });

  function submit(event: FormEvent) {
    event.preventDefault();
    void action.run('save', () => onSave(fields), `Could not ${meeting ? 'update' : 'add'} the meeting. Please try again.`);
  }

  return (
    <ModalDialog title={meeting ? 'Update Meeting' : 'Schedule Meeting'} onClose={onClose}>
      <form className="modal__form" onSubmit={submit} noValidate>
        <FormField id={ids.day} label="Meeting Day">
          {(a11y) => (
            <select {...a11y} className="input input--select" value={fields.day} onChange={change('day')} data-autofocus>
              <option value="">Select Meeting Day</option>
              {WEEKDAYS.map((weekday) => (
                <option key={weekday} value={weekday}>
                  {weekday}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField id={ids.time} label="Meeting Time">
          {(a11y) => <input {...a11y} className="input" type="time" value={fields.time} onChange={change('time')} />}
        </FormField>
        <FormField id={ids.location} label="Location">
          {(a11y) => (
            <input
              {...a11y}
              className="input"
              value={fields.location}
              maxLength={200}
              autoComplete="off"
              placeholder="Marston Science Library, room 101"
              onChange={change('location')}
            />
          )}
        </FormField>
        <ModalError message={action.error} />
        <div className="modal__actions">
          {onDelete ? (
            <button
              type="button"
              className="button button--danger-outline"
              onClick={() => void action.run('delete', onDelete, 'Could not delete the meeting. Please try again.')}
              aria-disabled={action.pending !== null}
            >
              Delete Meeting
            </button>
          ) : null}
          <button type="submit" className="button button--primary" aria-disabled={action.pending !== null}>
            {action.pending === 'save' ? <span className="button__spinner" aria-hidden="true" /> : null}
            {meeting ? 'Update Meeting' : 'Add Meeting'}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
