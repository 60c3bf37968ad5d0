// "Create a Study Group": name and description, both required (spec section 5).
// The red message appears instead of a request and clears as soon as the
// student types; a refused request keeps the form open with its reason.
import { useId, useState, type FormEvent } from 'react';
import { ModalDialog } from '../../components/modal-dialog';
import { useSignOutWhenExpired } from '../auth/use-sign-out-when-expired';
import { createStudyGroup, failureMessage } from './api';
import type { StudyGroup } from './study-group-schema';
import { GROUP_DESCRIPTION_MAX, GROUP_NAME_MAX, validateStudyGroup } from './study-group-validation';

interface CreateStudyGroupModalProps {
  courseId: number;
  onCreated: (group: StudyGroup) => void;
  onClose: () => void;
}

export function CreateStudyGroupModal({ courseId, onCreated, onClose }: CreateStudyGroupModalProps) {
  const signOutWhenExpired = useSignOutWhenExpired();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const nameId = useId();
  const descriptionId = useId();
  const errorId = useId();

  function edit(setter: (value: string) => void, value: string) {
    setter(value);
    setError('');
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const failure = validateStudyGroup({ name, description });
    if (failure) {
      setError(failure.message);
      return;
    }
    setBusy(true);
    try {
      onCreated(await createStudyGroup(courseId, { name, description }));
    } catch (failed) {
      if (signOutWhenExpired(failed)) return;
      console.error('Could not create the study group', failed);
      setError(failureMessage(failed, 'Could not create the group. Please try again.'));
      setBusy(false);
    }
  }

  const describedBy = error ? errorId : undefined;
  return (
    <ModalDialog title="Create a Study Group" onClose={onClose}>
      <form className="modal__form" onSubmit={(event) => void submit(event)} noValidate>
        <div className="form-field">
          <label className="form-field__label" htmlFor={nameId}>
            Study Group Name
          </label>
          <input
            id={nameId}
            className="input"
            value={name}
            maxLength={GROUP_NAME_MAX}
            autoComplete="off"
            aria-invalid={Boolean(error) && name.trim() === ''}
            aria-describedby={describedBy}
            onChange={(event) => edit(setName, event.target.value)}
            data-autofocus
          />
        </div>
        <div className="form-field">
          <label className="form-field__label" htmlFor={descriptionId}>
            Study Group Description
          </label>
          <textarea
            id={descriptionId}
            className="input input--textarea"
            value={description}
            maxLength={GROUP_DESCRIPTION_MAX}
            aria-invalid={Boolean(error) && description.trim() === ''}
            aria-describedby={describedBy}
            onChange={(event) => edit(setDescription, event.target.value)}
          />
        </div>
        {error ? (
          <p className="form-error modal__error" id={errorId} role="alert">
            {error}
          </p>
        ) : null}
        <button type="submit" className="button button--primary button--block" aria-disabled={busy}>
          {busy ? <span className="button__spinner" aria-hidden="true" /> : null}
          Create Study Group
        </button>
      </form>
    </ModalDialog>
  );
}
