// "Create a Study Group": name and description, both required (spec section 5).
// The red message appears instead of a request and clears as soon as the
// student types; a refused request keeps the form open with its reason.
import { ModalDialog } from '../../components/modal-dialog';
import { ModalError } from '../../components/modal-error';
import { createStudyGroup } from './api';
import { GroupDetailsFields, useGroupDetailsForm } from './group-details-fields';
import type { StudyGroup } from '../../../../adapters/http/contract/study-groups';

interface CreateStudyGroupModalProps {
  courseId: number;
  onCreated: (group: StudyGroup) => void;
  onClose: () => void;
}

export function CreateStudyGroupModal({ courseId, onCreated, onClose }: CreateStudyGroupModalProps) {
  const { action, submit, fields, errorId } = useGroupDetailsForm(
    { name: '', description: '' },
    async (form) => onCreated(await createStudyGroup(courseId, form)),
    'Could not create the group. Please try again.',
  );
  return (
    <ModalDialog title="Create a Study Group" onClose={onClose}>
      <form className="modal__form" onSubmit={submit} noValidate>
        <GroupDetailsFields nameLabel="Study Group Name" descriptionLabel="Study Group Description" {...fields} />
        <ModalError message={action.error} id={errorId} />
        <button type="submit" className="button button--primary button--block" aria-disabled={action.pending !== null}>
          {action.pending ? <span className="button__spinner" aria-hidden="true" /> : null}
          Create Study Group
        </button>
      </form>
    </ModalDialog>
  );
}
