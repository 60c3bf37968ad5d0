// "Are you sure?" for an action that cannot be undone, as a modal dialog.
import { usePendingAction } from '../lib/use-pending-action';
import { ModalDialog } from './modal-dialog';
import { ModalError } from './modal-error';

interface ConfirmDialogProps {
  title: string;
  message: string;
  confirmLabel: string;
  /** Shown when the action fails without the server saying why; the dialog then stays open. */
  failedMessage: string;
  onConfirm: () => Promise<void>;
  onClose: () => void;
}

export function ConfirmDialog({ title, message, confirmLabel, failedMessage, onConfirm, onClose }: ConfirmDialogProps) {
  const action = usePendingAction();
  return (
    <ModalDialog title={title} onClose={onClose} className="modal--narrow">
      <p className="modal__text">{message}</p>
      <ModalError message={action.error} />
      <div className="modal__actions">
        <button type="button" className="button button--outline" onClick={onClose} data-autofocus>
          Cancel
        </button>
        <button
          type="button"
          className="button button--danger-outline"
          onClick={() => void action.run('submit', onConfirm, failedMessage)}
          aria-disabled={action.pending !== null}
        >
          {confirmLabel}
        </button>
      </div>
    </ModalDialog>
  );
}
