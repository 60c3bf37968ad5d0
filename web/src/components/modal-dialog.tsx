// A modal dialog on the native <dialog>: the browser keeps focus and the
// screen reader inside it and makes the page behind it inert. Focus moves to
// the element marked data-autofocus (else the first control), Escape closes,
// and focus returns to whatever opened it. The browser's Back closes it too,
// rather than leave the page under it (useBackCloses). It renders at the end of <body>,
// not where it was opened: a panel that is hidden later (a phone's tabs, when
// the screen narrows) must not take an open dialog with it and leave the page
// inert behind a dialog nobody can see.
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useBackCloses } from '@web/lib/use-back-closes';
import { Icon } from './icon';
import styles from './modal-dialog.module.css';

interface ModalDialogProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** A narrower box, for a short confirmation. */
  narrow?: boolean;
}

export function ModalDialog({ title, onClose, children, narrow = false }: ModalDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });
  useBackCloses(() => onCloseRef.current());

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

  return createPortal(
    <dialog
      ref={dialogRef}
      className={narrow ? `${styles.dialog} ${styles.narrow}` : styles.dialog}
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
      <div className={styles.header}>
        <h2 className={styles.title} id={titleId}>
          {title}
        </h2>
        <button type="button" className="icon-button" aria-label="Close" onClick={() => onCloseRef.current()}>
          <Icon name="close" />
        </button>
      </div>
      <div className={styles.body}>{children}</div>
    </dialog>,
    document.body,
  );
}
