// "Schedule Meeting" and "Update Meeting": a weekday, a time and a place.
// The spec shows no client-side checks here; the server's refusal is shown
// in the form, which stays open with what was typed (a long location is
// counted toward its limit, never cut). Delete Meeting hands over to the
// page, which asks first.
import { useForm, useWatch } from 'react-hook-form';
import type { Meeting } from '@contract/study-groups';
import { LOCATION_MAX, WEEKDAYS } from '@domain/study-group/meeting-rules';
import { characterCount } from '@domain/text/text-policy';
import { ModalDialog } from '@web/components/modal-dialog';
import modal from '@web/components/modal-dialog.module.css';
import { ModalError } from '@web/components/modal-error';
import { SelectField } from '@web/components/select-field';
import { TextField } from '@web/components/text-field';
import { formatTime24 } from '@web/lib/time-of-day';
import { useScheduleMeeting, useUpdateMeeting, type MeetingFields } from './api';

const DAY_OPTIONS = WEEKDAYS.map((day) => ({ value: day, label: day }));

interface MeetingModalProps {
  groupId: number;
  ownerId: number;
  /** The meeting to change; without it the modal schedules a new one. */
  meeting?: Meeting;
  onClose: () => void;
  /** Delete Meeting: the page asks first, in this modal's place. */
  onDelete?: () => void;
  /** A new meeting's day and time filled in ("HH:MM"), as Find a time proposes them. */
  initial?: { day: string; time: string };
}

export function MeetingModal({ groupId, ownerId, meeting, onClose, onDelete, initial }: MeetingModalProps) {
  const { register, handleSubmit, control } = useForm<MeetingFields>({
    defaultValues: {
      day: meeting?.day ?? initial?.day ?? '',
      time: meeting ? formatTime24(meeting.time) : (initial?.time ?? ''),
      location: meeting?.location ?? '',
    },
  });
  const location = useWatch({ control, name: 'location' });
  const schedule = useScheduleMeeting(groupId, ownerId);
  const update = useUpdateMeeting(groupId, ownerId);
  const save = meeting ? update : schedule;
  const pending = save.isPending;

  const submit = handleSubmit((fields) => {
    if (pending) return;
    if (meeting) update.mutate({ meetingId: meeting.id, fields }, { onSuccess: onClose });
    else schedule.mutate(fields, { onSuccess: onClose });
  });

  return (
    <ModalDialog title={meeting ? 'Update Meeting' : 'Schedule Meeting'} onClose={onClose}>
      <form className={modal.form} onSubmit={(event) => void submit(event)} noValidate>
        <SelectField label="Meeting Day" placeholder="Select Meeting Day" options={DAY_OPTIONS} {...register('day')} data-autofocus />
        <TextField label="Meeting Time" type="time" {...register('time')} />
        <TextField
          label="Location"
          {...register('location')}
          count={{ used: characterCount(location.trim()), max: LOCATION_MAX }}
          autoComplete="off"
          placeholder="Marston Science Library, room 101"
        />
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
