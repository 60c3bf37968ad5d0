// A student's initials in a coloured circle. Decorative: the control or text
// around it names the student.
import styles from './initials-avatar.module.css';

// Dark enough for white text (at least 4.5:1), and different enough to tell neighbours apart.
const COLOURS = ['#1d4d3a', '#0021a5', '#6b3fa0', '#8a4b08', '#0f6b6b', '#9c2a4d'];

function colourFor(key: string): string {
  let hash = 0;
  for (const char of key) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return COLOURS[hash % COLOURS.length];
}

interface InitialsAvatarProps {
  firstName: string;
  lastName: string;
  /** Used when both names are blank, and to keep a student's colour stable. */
  fallback: string;
  size?: 'small' | 'large';
}

export function InitialsAvatar({ firstName, lastName, fallback, size = 'small' }: InitialsAvatarProps) {
  const initials = (`${firstName.trim().charAt(0)}${lastName.trim().charAt(0)}` || fallback.charAt(0) || '?').toUpperCase();
  return (
    <span
      className={`${styles.avatar} ${styles[size]}`}
      style={{ backgroundColor: colourFor(fallback || initials) }}
      aria-hidden="true"
    >
      {initials}
    </span>
  );
}
