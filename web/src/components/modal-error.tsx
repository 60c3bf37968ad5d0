// A modal's failure line: announced, and red like the spec's form messages.
// The server's own words for a refusal it explained (a 4xx), else `fallback`.
import { messageForStudent } from '@web/lib/api-error';
import styles from './modal-dialog.module.css';

export function ModalError({ error, fallback }: { error: unknown; fallback: string }) {
  if (!error) return null;
  return (
    <p className={`form-error ${styles.error}`} role="alert">
      {messageForStudent(error, fallback)}
    </p>
  );
}
