// "Are you sure?" for an action that cannot be undone, as a modal dialog.
import { useState } from 'react';
import { ModalDialog } from './modal-dialog';

interface ConfirmDialogProps {
  title: string;
  message: string;
  confirmLabel: string;
  /** Rejects (or throws) with the line to show when the action failed; the dialog then stays open. */
  onConfirm: () => Promise<void>;
  onClose: () => void;
}

export function ConfirmDialog({ title, message, confirmLabel, onConfirm, onClose }: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  async function confirm() {
    if (busy) return;
    setBusy(true);
    setError('');
    try {
      await onConfirm();
    } catch (failure) {
      setError(failure instanceof Error && failure.message ? failure.message : 'That did not work. Please try again.');
      setBusy(false);
    }
  }

  return (
    <ModalDialog title={title} onClose={onClose} className="modal--narrow">
      <p className="modal__text">{message}</p>
      {error ? (
        <p className="form-error modal__error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="modal__actions">
        <button type="button" className="button button--outline" onClick={onClose} data-autofocus>
          Cancel
        </button>
        <button type="button" className="button button--danger-outline" onClick={() => void confirm()} aria-disabled={busy}>
          {confirmLabel}
        </button>
      </div>
    </ModalDialog>
  );
}
