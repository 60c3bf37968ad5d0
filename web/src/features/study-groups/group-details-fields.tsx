// The name and description fields shared by "Create a Study Group" and
// "Update Group", and the form logic around them: the spec's rule is checked
// before anything is sent, and typing clears the error line.
import { useId, useState, type FormEvent } from 'react';
import { FormField } from '../../components/form-field';
import { usePendingAction } from '../../lib/use-pending-action';
import { useSignOutWhenExpired } from '../../lib/use-sign-out-when-expired';
import { checkStudyGroupDetails as validateStudyGroup, GROUP_LIMITS, type StudyGroupDetails as StudyGroupForm } from '../../../../domain/study-group/study-group-rules';

interface GroupDetailsFieldsProps {
  nameLabel: string;
  descriptionLabel: string;
  value: StudyGroupForm;
  onChange: (value: StudyGroupForm) => void;
  /** The form's error line, when one is shown: it describes the empty fields. */
  errorId?: string;
}

/** State, submit handler and field props for a group details form. */
export function useGroupDetailsForm(initial: StudyGroupForm, save: (form: StudyGroupForm) => Promise<void>, failedMessage: string) {
  const action = usePendingAction(useSignOutWhenExpired());
  const [form, setForm] = useState(initial);
  const errorId = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    const failure = validateStudyGroup(form);
    if (failure) action.setError(failure.message);
    else void action.run('submit', () => save(form), failedMessage);
  }

  const fields = {
    value: form,
    onChange: (value: StudyGroupForm) => {
      setForm(value);
      action.setError('');
    },
    errorId: action.error ? errorId : undefined,
  };
  return { form, action, submit, fields, errorId };
}

export function GroupDetailsFields({ nameLabel, descriptionLabel, value, onChange, errorId }: GroupDetailsFieldsProps) {
  const nameId = useId();
  const descriptionId = useId();
  const problem = (text: string) => (errorId && text.trim() === '' ? { 'aria-invalid': true, 'aria-describedby': errorId } : {});
  return (
    <>
      <FormField id={nameId} label={nameLabel}>
        {(a11y) => (
          <input
            {...a11y}
            {...problem(value.name)}
            className="input"
            value={value.name}
            maxLength={GROUP_LIMITS.name}
            autoComplete="off"
            onChange={(event) => onChange({ ...value, name: event.target.value })}
            data-autofocus
          />
        )}
      </FormField>
      <FormField id={descriptionId} label={descriptionLabel}>
        {(a11y) => (
          <textarea
            {...a11y}
            {...problem(value.description)}
            className="input input--textarea"
            value={value.description}
            maxLength={GROUP_LIMITS.description}
            onChange={(event) => onChange({ ...value, description: event.target.value })}
          />
        )}
      </FormField>
    </>
  );
}
