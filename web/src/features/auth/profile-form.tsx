// The profile page's form: names, bio, major and year under sign-up's rules;
// major and year may be cleared ("Not specified" is what others then see).
import { SelectField } from '@web/components/select-field';
import { TextField } from '@web/components/text-field';
import { messageForStudent } from '@web/lib/api-error';
import { showRefusal } from '@web/lib/form-refusal';
import { useRuleForm } from '@web/lib/use-rule-form';
import type { User } from '@contract/auth';
import { checkProfile, PROFILE_FIELDS, type ProfileInput } from '@domain/user/sign-up-rules';
import { YEAR_NAMES, YEARS } from '@domain/user/user';
import { useUpdateProfile } from './account-api';
import { FormSection } from './form-section';
import sectionStyles from './form-section.module.css';
import styles from './profile-page.module.css';
import { SubmitRow } from './submit-row';

const YEAR_OPTIONS = YEARS.map((year) => ({ value: year, label: YEAR_NAMES[year] }));

const profileOf = (user: User): ProfileInput => ({
  firstName: user.firstName,
  lastName: user.lastName,
  bio: user.bio,
  major: user.major,
  year: user.year,
});

export function ProfileForm({ user }: { user: User }) {
  const update = useUpdateProfile();
  const { field, handleSubmit, setError, reset, formState } = useRuleForm<ProfileInput>(checkProfile, profileOf(user));
  const submit = handleSubmit((form) => {
    if (update.isPending) return;
    update.mutate(
      { firstName: form.firstName.trim(), lastName: form.lastName.trim(), bio: form.bio.trim(), major: form.major.trim(), year: form.year },
      {
        onSuccess: ({ user: saved }) => reset(profileOf(saved)),
        onError: (error) =>
          showRefusal(setError, error, PROFILE_FIELDS, messageForStudent(error, 'Your profile could not be saved. Please try again.')),
      },
    );
  });

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <FormSection title="Profile information" note="Other students see this on your profile card. You may leave major and year empty.">
        <TextField label="First Name" autoComplete="given-name" {...field('firstName')} />
        <TextField label="Last Name" autoComplete="family-name" {...field('lastName')} />
        <TextField
          label="Bio"
          multiline
          rows={4}
          placeholder="Tell us about yourself..."
          className={sectionStyles.wide}
          {...field('bio')}
        />
        <TextField label="Major" autoComplete="off" {...field('major')} />
        <SelectField label="Year" placeholder="Not specified" options={YEAR_OPTIONS} {...field('year')} />
      </FormSection>
      <SubmitRow
        label="Save Profile"
        pending={update.isPending}
        done={update.isSuccess ? 'Your profile was saved.' : null}
        failure={formState.errors.root?.message ?? null}
      />
    </form>
  );
}
