// A modal dialog on the native <dialog>: the browser keeps focus and the
// screen reader inside it and makes the page behind it inert. Focus moves to
// the element marked data-autofocus (else the first control), Escape closes,
// and focus returns to whatever opened it.
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Icon } from './icon';

interface ModalDialogProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Extra class for the dialog box, e.g. a narrower confirm. */
  className?: string;
}

export function ModalDialog({ title, onClose, children, className }: ModalDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    return () => {
      if (dialog.open) dialog.close();
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  return (
    <dialog
      ref={dialogRef}
      className={['modal', className].filter(Boolean).join(' ')}
      aria-labelledby={titleId}
      onCancel={(event) => {
        // Escape: let the owner unmount us (and put focus back) rather than the browser closing us under React.
        event.preventDefault();
        onCloseRef.current();
      }}
      onClose={(event) => {
        // Closed by the browser itself (a second Escape it would not let us cancel); ignore a stale
        // close from a dialog that has been shown again since (React's development double effects).
        if (!event.currentTarget.open) onCloseRef.current();
      }}
    >
      <div className="modal__header">
        <h2 className="modal__title" id={titleId}>
          {title}
        </h2>
        <button type="button" className="icon-button" aria-label="Close" onClick={() => onCloseRef.current()}>
          <Icon name="close" />
        </button>
      </div>
      <div className="modal__body">{children}</div>
    </dialog>
  );
}
