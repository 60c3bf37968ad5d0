// A student's initials in a circle of their own colour (chosen by their id, so
// two "AG"s side by side differ). Decorative: the control or text around it
// names the student.
import { avatarColour } from './avatar-colour';
import styles from './initials-avatar.module.css';

interface InitialsAvatarProps {
  /** The student's id: picks the colour. */
  id: number;
  initials: string;
  size?: 'small' | 'large';
}

export function InitialsAvatar({ id, initials, size = 'small' }: InitialsAvatarProps) {
  return (
    <span className={`${styles.avatar} ${styles[size]}`} style={{ backgroundColor: avatarColour(id) }} aria-hidden="true">
      {initials}
    </span>
  );
}
