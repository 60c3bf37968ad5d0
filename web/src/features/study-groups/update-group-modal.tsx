// The owner's "Update Group": name, description and the Public checkbox.
import { useId, useState } from 'react';
import { ModalDialog } from '../../components/modal-dialog';
import { ModalError } from '../../components/modal-error';
import { updateStudyGroup } from './api';
import { GroupDetailsFields, useGroupDetailsForm } from './group-details-fields';
import type { StudyGroup } from '../../../../adapters/http/contract/study-groups';

interface UpdateGroupModalProps {
  group: StudyGroup;
  ownerId: number;
  onSaved: (group: StudyGroup) => void;
  onClose: () => void;
}

export function UpdateGroupModal({ group, ownerId, onSaved, onClose }: UpdateGroupModalProps) {
  const [isPublic, setIsPublic] = useState(group.public === 1);
  const publicId = useId();
  const publicHintId = useId();
  const { action, submit, fields, errorId } = useGroupDetailsForm(
    { name: group.name, description: group.description },
    async (form) => onSaved(await updateStudyGroup(ownerId, group.id, { ...form, isPublic })),
    'Could not save the group. Please try again.',
  );
  return (
    <ModalDialog title="Update Group" onClose={onClose}>
      <form className="modal__form" onSubmit={submit} noValidate>
        <GroupDetailsFields nameLabel="Name" descriptionLabel="Description" {...fields} />
        <div className="checkbox-field">
          <input
            id={publicId}
            type="checkbox"
            className="checkbox-field__box"
            checked={isPublic}
            aria-describedby={publicHintId}
            onChange={(event) => setIsPublic(event.target.checked)}
          />
          <label htmlFor={publicId} className="checkbox-field__label">
            Public
          </label>
          <p className="checkbox-field__hint" id={publicHintId}>
            If your group is public, anyone in your class can join.
          </p>
        </div>
        <ModalError message={action.error} id={errorId} />
        <button type="submit" className="button button--primary button--block" aria-disabled={action.pending !== null}>
          {action.pending ? <span className="button__spinner" aria-hidden="true" /> : null}
          Update Group
        </button>
      </form>
    </ModalDialog>
  );
}
