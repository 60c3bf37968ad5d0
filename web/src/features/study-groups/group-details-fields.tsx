// The name and description fields shared by "Create a Study Group" and
// "Update Group", and their form: the domain's rule is checked before anything
// is sent (its message shown by the field it is about, which gets focus), and
// typing clears it (spec 5).
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { TextField } from '../../components/text-field';
import { checkStudyGroupDetails, GROUP_LIMITS, type StudyGroupDetails } from '../../../../domain/study-group/study-group-rules';
import { ruleSchema } from '../../lib/rule-schema';

const detailsSchema = ruleSchema(checkStudyGroupDetails);

export function useGroupDetailsForm(defaultValues: StudyGroupDetails) {
  return useForm<StudyGroupDetails>({
    defaultValues,
    resolver: zodResolver(detailsSchema),
    // The message goes as the student types (below), and comes back only on the next submit.
    reValidateMode: 'onSubmit',
  });
}

interface GroupDetailsFieldsProps {
  form: UseFormReturn<StudyGroupDetails>;
  /** Called as the student types, e.g. to clear a refusal shown below. */
  onEdit: () => void;
  nameLabel: string;
  descriptionLabel: string;
}

export function GroupDetailsFields({ form, onEdit, nameLabel, descriptionLabel }: GroupDetailsFieldsProps) {
  const {
    register,
    clearErrors,
    formState: { errors },
  } = form;
  const clear = () => {
    clearErrors();
    onEdit();
  };
  return (
    <>
      <TextField
        label={nameLabel}
        {...register('name', { onChange: clear })}
        error={errors.name?.message}
        maxLength={GROUP_LIMITS.name}
        autoComplete="off"
        data-autofocus
      />
      <TextField
        multiline
        label={descriptionLabel}
        {...register('description', { onChange: clear })}
        error={errors.description?.message}
        maxLength={GROUP_LIMITS.description}
      />
    </>
  );
}
