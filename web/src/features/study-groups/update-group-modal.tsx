// The owner's "Update Group": name, description and the Public checkbox.
import { useId, useState } from 'react';
import { ModalDialog } from '../../components/modal-dialog';
import modal from '../../components/modal-dialog.module.css';
import { ModalError } from '../../components/modal-error';
import type { StudyGroup } from '../../../../adapters/http/contract/study-groups';
import { useUpdateStudyGroup } from './api';
import { GroupDetailsFields, useGroupDetailsForm } from './group-details-fields';
import styles from './update-group-modal.module.css';

interface UpdateGroupModalProps {
  group: StudyGroup;
  ownerId: number;
  onClose: () => void;
}

export function UpdateGroupModal({ group, ownerId, onClose }: UpdateGroupModalProps) {
  const [isPublic, setIsPublic] = useState(group.public === 1);
  const publicId = useId();
  const publicHintId = useId();
  const form = useGroupDetailsForm({ name: group.name, description: group.description });
  const update = useUpdateStudyGroup(group.id, ownerId);
  const submit = form.handleSubmit((details) => {
    if (!update.isPending) update.mutate({ ...details, isPublic }, { onSuccess: onClose });
  });
  return (
    <ModalDialog title="Update Group" onClose={onClose}>
      <form className={modal.form} onSubmit={(event) => void submit(event)} noValidate>
        <GroupDetailsFields form={form} onEdit={update.reset} nameLabel="Name" descriptionLabel="Description" />
        <div className={styles.checkbox}>
          <input
            id={publicId}
            type="checkbox"
            className={styles.box}
            checked={isPublic}
            aria-describedby={publicHintId}
            onChange={(event) => setIsPublic(event.target.checked)}
          />
          <label htmlFor={publicId} className={styles.label}>
            Public
          </label>
          <p className={styles.hint} id={publicHintId}>
            If your group is public, anyone in your class can join.
          </p>
        </div>
        <ModalError error={update.error} fallback="Could not save the group. Please try again." />
        <button type="submit" className="button button--primary button--block" aria-disabled={update.isPending}>
          {update.isPending ? <span className="button__spinner" aria-hidden="true" /> : null}
          Update Group
        </button>
      </form>
    </ModalDialog>
  );
}
