// The owner's "Update Group": name, description, the Public checkbox and the
// size limit (the most members, the owner included).
import { useId, useState } from 'react';
import { checkSizeLimit, GROUP_QUOTAS } from '@domain/study-group/group-quotas';
import { TextField } from '@web/components/text-field';
import { ModalDialog } from '@web/components/modal-dialog';
import modal from '@web/components/modal-dialog.module.css';
import { ModalError } from '@web/components/modal-error';
import type { StudyGroup } from '@contract/study-groups';
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
  const [sizeLimit, setSizeLimit] = useState(String(group.maxMembers));
  const [sizeProblem, setSizeProblem] = useState<string | null>(null);
  const form = useGroupDetailsForm({ name: group.name, description: group.description });
  const update = useUpdateStudyGroup(group.id, ownerId);
  const submit = form.handleSubmit((details) => {
    const maxMembers = sizeLimit.trim() === '' ? Number.NaN : Number(sizeLimit);
    const problem = checkSizeLimit(maxMembers)?.message ?? null;
    setSizeProblem(problem);
    if (!problem && !update.isPending) update.mutate({ ...details, isPublic, maxMembers }, { onSuccess: onClose });
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
        <TextField
          label="Size limit"
          hint={`The most members, you included (${GROUP_QUOTAS.minSizeLimit} to ${GROUP_QUOTAS.members}). It has ${group.size + 1} now.`}
          type="number"
          inputMode="numeric"
          min={Math.max(GROUP_QUOTAS.minSizeLimit, group.size + 1)}
          max={GROUP_QUOTAS.members}
          value={sizeLimit}
          error={sizeProblem ?? undefined}
          onChange={(event) => {
            setSizeLimit(event.target.value);
            setSizeProblem(null);
            update.reset();
          }}
        />
        <ModalError error={update.error} fallback="Could not save the group. Please try again." />
        <button type="submit" className="button button--primary button--block" aria-disabled={update.isPending}>
          {update.isPending ? <span className="button__spinner" aria-hidden="true" /> : null}
          Update Group
        </button>
      </form>
    </ModalDialog>
  );
}
