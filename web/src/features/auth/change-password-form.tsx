// Change password on the profile page: the current one confirms it, the new
// one follows sign-up's rule; the student's other sessions end, this one stays.
import { TextField } from '@web/components/text-field';
import { messageForStudent } from '@web/lib/api-error';
import { showRefusal } from '@web/lib/form-refusal';
import { useRuleForm } from '@web/lib/use-rule-form';
import { checkPasswordChange } from '@domain/user/account-rules';
import { useChangePassword } from './account-api';
import { FormSection } from './form-section';
import styles from './profile-page.module.css';
import { SubmitRow } from './submit-row';

interface PasswordChange {
  currentPassword: string;
  newPassword: string;
}

const EMPTY: PasswordChange = { currentPassword: '', newPassword: '' };

export function ChangePasswordForm() {
  const change = useChangePassword();
  const { field, handleSubmit, setError, reset, formState } = useRuleForm<PasswordChange>(checkPasswordChange, EMPTY);
  const submit = handleSubmit((form) => {
    if (change.isPending) return;
    change.mutate(form, {
      onSuccess: () => reset(EMPTY),
      onError: (error) =>
        showRefusal(
          setError,
          error,
          ['currentPassword', 'newPassword'],
          messageForStudent(error, 'Your password could not be changed. Please try again.'),
        ),
    });
  });

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <FormSection title="Change password" note="Changing it signs your account out on your other devices.">
        <TextField label="Current password" type="password" autoComplete="current-password" {...field('currentPassword')} />
        <TextField label="New password" type="password" autoComplete="new-password" {...field('newPassword')} />
      </FormSection>
      <SubmitRow
        label="Change Password"
        pending={change.isPending}
        done={change.isSuccess ? 'Your password was changed. Your other sessions were signed out.' : null}
        failure={formState.errors.root?.message ?? null}
      />
    </form>
  );
}
