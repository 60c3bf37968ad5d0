// The name and description fields shared by "Create a Study Group" and
// "Update Group", and their form: the domain's rule is checked before anything
// is sent (its message shown by the field it is about, which gets focus), and
// typing clears it (spec 5). Each field counts toward its limit as the rule
// counts (trimmed, in characters) and never cuts what is typed or pasted: an
// over-long text is refused with the rule's message instead.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import { TextField } from '@web/components/text-field';
import { checkStudyGroupDetails, GROUP_LIMITS, type StudyGroupDetails } from '@domain/study-group/study-group-rules';
import { characterCount } from '@domain/text/text-policy';
import { ruleSchema } from '@web/lib/rule-schema';

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
    control,
    formState: { errors },
  } = form;
  const [name, description] = useWatch({ control, name: ['name', 'description'] });
  const counted = (text: string, max: number) => ({ used: characterCount(text.trim()), max });
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
        count={counted(name, GROUP_LIMITS.name)}
        autoComplete="off"
        data-autofocus
      />
      <TextField
        multiline
        label={descriptionLabel}
        {...register('description', { onChange: clear })}
        error={errors.description?.message}
        count={counted(description, GROUP_LIMITS.description)}
      />
    </>
  );
}
