// "Are you sure?" for an action that cannot be undone, as a modal dialog. The
// caller runs the action (a mutation) and keeps the dialog open while it fails.
import { ModalDialog } from './modal-dialog';
import styles from './modal-dialog.module.css';
import { ModalError } from './modal-error';

interface ConfirmDialogProps {
  title: string;
  message: string;
  confirmLabel: string;
  onConfirm: () => void;
  onClose: () => void;
  /** The action is on its way: another press does nothing. */
  pending: boolean;
  /** Why the action failed, shown in the dialog; null while it has not. */
  error: unknown;
  /** Shown when the action fails without the server saying why. */
  failedMessage: string;
}

export function ConfirmDialog({ title, message, confirmLabel, onConfirm, onClose, pending, error, failedMessage }: ConfirmDialogProps) {
  return (
    <ModalDialog title={title} onClose={onClose} narrow>
      <p className={styles.text}>{message}</p>
      <ModalError error={error} fallback={failedMessage} />
      <div className={styles.actions}>
        <button type="button" className="button button--outline" onClick={onClose} data-autofocus>
          Cancel
        </button>
        <button
          type="button"
          className="button button--danger-outline"
          onClick={() => {
            if (!pending) onConfirm();
          }}
          aria-disabled={pending}
        >
          {confirmLabel}
        </button>
      </div>
    </ModalDialog>
  );
}
