// "Private group" with its lock, as the group modal and the group page show it.
import { Icon } from '@web/components/icon';
import styles from './private-group-note.module.css';

export function PrivateGroupNote() {
  return (
    <p className={styles.note}>
      <Icon name="lock" size={16} /> Private group
    </p>
  );
}
