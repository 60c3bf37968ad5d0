// Delete my account, on the profile page: a dialog asks for the password.
import { useState } from 'react';
import { ModalDialog } from '@web/components/modal-dialog';
import modalStyles from '@web/components/modal-dialog.module.css';
import { TextField } from '@web/components/text-field';
import { messageForStudent } from '@web/lib/api-error';
import { showRefusal } from '@web/lib/form-refusal';
import { useRuleForm } from '@web/lib/use-rule-form';
import { checkAccountDeletion } from '@domain/user/account-rules';
import { useDeleteAccount } from './account-api';
import { FormSection } from './form-section';
import styles from './profile-page.module.css';

export function DeleteAccountSection() {
  const [confirming, setConfirming] = useState(false);
  return (
    <div className={styles.form}>
      <FormSection
        title="Delete my account"
        note="Your profile, your courses and your study groups go (a group you own passes to its longest-standing member). Your chat messages stay, shown as from a former member."
      >
        <div>
          <button type="button" className="button button--danger-outline" onClick={() => setConfirming(true)}>
            Delete my account
          </button>
        </div>
      </FormSection>
      {confirming ? <ConfirmDeletion onClose={() => setConfirming(false)} /> : null}
    </div>
  );
}

function ConfirmDeletion({ onClose }: { onClose: () => void }) {
  const remove = useDeleteAccount();
  const { field, handleSubmit, setError, formState } = useRuleForm<{ password: string }>(checkAccountDeletion, { password: '' });
  const submit = handleSubmit(({ password }) => {
    if (remove.isPending) return;
    remove.mutate(password, {
      onError: (error) =>
        showRefusal(setError, error, ['password'], messageForStudent(error, 'Your account could not be deleted. Please try again.')),
    });
  });
  const formError = formState.errors.root?.message;

  return (
    <ModalDialog title="Delete your account?" onClose={onClose} narrow>
      <form className={modalStyles.form} onSubmit={submit} noValidate>
        <p className={modalStyles.text}>This cannot be undone. Enter your password to confirm.</p>
        <TextField label="Password" type="password" autoComplete="current-password" data-autofocus {...field('password')} />
        {formError ? (
          <p className={`form-error ${modalStyles.error}`} role="alert">
            {formError}
          </p>
        ) : null}
        <div className={modalStyles.actions}>
          <button type="button" className="button button--outline" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button button--danger-outline" aria-disabled={remove.isPending}>
            {remove.isPending ? <span className="button__spinner" aria-hidden="true" /> : null}
            Delete my account
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
