// A button that shows or hides a region of its page (the WAI-ARIA disclosure
// pattern): its chevron points down while the region is hidden, up while it
// shows. Round, it is a chevron like an icon button, named by its label.
import { useMediaQuery } from '@web/lib/use-media-query';
import { Icon } from './icon';
import styles from './disclosure-button.module.css';

interface DisclosureButtonProps {
  label: string;
  expanded: boolean;
  /** The id of the region it shows and hides. */
  controls: string;
  onToggle: () => void;
  /** `round-on-phones`: round below --sm, a text button from there. */
  look?: 'text' | 'round' | 'round-on-phones';
  className?: string;
  /** The id of what tells this button from others like it (a search card's "Show all" names its course this way). */
  describedBy?: string;
}

export function DisclosureButton({
  label,
  expanded,
  controls,
  onToggle,
  look = 'text',
  className = '',
  describedBy,
}: DisclosureButtonProps) {
  const phone = useMediaQuery('sm-down');
  const round = look === 'round' || (look === 'round-on-phones' && phone);
  return (
    <button
      type="button"
      className={`${styles.button} ${round ? styles.round : ''} ${className}`}
      // The visible label where there is one, so the name always matches it.
      aria-label={label}
      aria-expanded={expanded}
      aria-controls={controls}
      aria-describedby={describedBy}
      onClick={onToggle}
    >
      <span className={styles.chevron}>
        <Icon name="chevron-right" size={16} />
      </span>
      <span className={styles.label}>{label}</span>
    </button>
  );
}
