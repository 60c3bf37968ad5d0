// "Create a Study Group": name and description, both required (spec section 5).
// The rule's message appears instead of a request and clears as soon as the
// student types; a refused request keeps the form open with its reason.
import { ModalDialog } from '@web/components/modal-dialog';
import modal from '@web/components/modal-dialog.module.css';
import { ModalError } from '@web/components/modal-error';
import { useCreateStudyGroup } from './api';
import { GroupDetailsFields, useGroupDetailsForm } from './group-details-fields';
import type { StudyGroup } from '@contract/study-groups';

interface CreateStudyGroupModalProps {
  courseId: number;
  onCreated: (group: StudyGroup) => void;
  onClose: () => void;
}

export function CreateStudyGroupModal({ courseId, onCreated, onClose }: CreateStudyGroupModalProps) {
  const form = useGroupDetailsForm({ name: '', description: '' });
  const create = useCreateStudyGroup(courseId);
  const submit = form.handleSubmit((details) => {
    if (!create.isPending) create.mutate(details, { onSuccess: onCreated });
  });
  return (
    <ModalDialog title="Create a Study Group" onClose={onClose}>
      <form className={modal.form} onSubmit={(event) => void submit(event)} noValidate>
        <GroupDetailsFields form={form} onEdit={create.reset} nameLabel="Study Group Name" descriptionLabel="Study Group Description" />
        <ModalError error={create.error} fallback="Could not create the group. Please try again." />
        <button type="submit" className="button button--primary button--block" aria-disabled={create.isPending}>
          {create.isPending ? <span className="button__spinner" aria-hidden="true" /> : null}
          Create Study Group
        </button>
      </form>
    </ModalDialog>
  );
}
