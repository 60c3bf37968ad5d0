// The owner's "Update Group": name, description and the Public checkbox.
import { useId, useState, type FormEvent } from 'react';
import { ModalDialog } from '../../components/modal-dialog';
import { useSignOutWhenExpired } from '../auth/use-sign-out-when-expired';
import { failureMessage, updateStudyGroup } from './api';
import type { StudyGroup } from './study-group-schema';
import { GROUP_DESCRIPTION_MAX, GROUP_NAME_MAX, validateStudyGroup } from './study-group-validation';

interface UpdateGroupModalProps {
  group: StudyGroup;
  ownerId: number;
  onSaved: (group: StudyGroup) => void;
  onClose: () => void;
}

export function UpdateGroupModal({ group, ownerId, onSaved, onClose }: UpdateGroupModalProps) {
  const signOutWhenExpired = useSignOutWhenExpired();
  const [name, setName] = useState(group.name);
  const [description, setDescription] = useState(group.description);
  const [isPublic, setIsPublic] = useState(group.public);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const ids = { name: useId(), description: useId(), isPublic: useId(), publicHint: useId(), error: useId() };

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
      onSaved(await updateStudyGroup(ownerId, group.id, { name, description, isPublic }));
    } catch (failed) {
      if (signOutWhenExpired(failed)) return;
      console.error('Could not update the study group', failed);
      setError(failureMessage(failed, 'Could not save the group. Please try again.'));
      setBusy(false);
    }
  }

  return (
    <ModalDialog title="Update Group" onClose={onClose}>
      <form className="modal__form" onSubmit={(event) => void submit(event)} noValidate>
        <div className="form-field">
          <label className="form-field__label" htmlFor={ids.name}>
            Name
          </label>
          <input
            id={ids.name}
            className="input"
            value={name}
            maxLength={GROUP_NAME_MAX}
            autoComplete="off"
            onChange={(event) => {
              setName(event.target.value);
              setError('');
            }}
            data-autofocus
          />
        </div>
        <div className="form-field">
          <label className="form-field__label" htmlFor={ids.description}>
            Description
          </label>
          <textarea
            id={ids.description}
            className="input input--textarea"
            value={description}
            maxLength={GROUP_DESCRIPTION_MAX}
            onChange={(event) => {
              setDescription(event.target.value);
              setError('');
            }}
          />
        </div>
        <div className="checkbox-field">
          <input
            id={ids.isPublic}
            type="checkbox"
            className="checkbox-field__box"
            checked={isPublic}
            aria-describedby={ids.publicHint}
            onChange={(event) => setIsPublic(event.target.checked)}
          />
          <label htmlFor={ids.isPublic} className="checkbox-field__label">
            Public
          </label>
          <p className="checkbox-field__hint" id={ids.publicHint}>
            If your group is public, anyone in your class can join.
          </p>
        </div>
        {error ? (
          <p className="form-error modal__error" id={ids.error} role="alert">
            {error}
          </p>
        ) : null}
        <button type="submit" className="button button--primary button--block" aria-disabled={busy}>
          {busy ? <span className="button__spinner" aria-hidden="true" /> : null}
          Update Group
        </button>
      </form>
    </ModalDialog>
  );
}
