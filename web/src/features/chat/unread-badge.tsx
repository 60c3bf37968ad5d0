// A room's unread messages as a small count ("99+" from 100), set apart when
// some mention the student ("@"), with the whole said in words for screen
// readers. Nothing while there are none or the counts are not known yet.
import type { ChatRoom } from '@domain/chat/chat-room';
import styles from './unread-badge.module.css';
import { useRoomUnread } from './unread-store';

/** The cap of a room's count (the server stops counting at 100). */
const SHOWN_MAX = 99;

export function unreadLabel(unread: number, mentions: number): string {
  const count = unread > SHOWN_MAX ? `More than ${SHOWN_MAX} unread messages` : `${unread} unread ${unread === 1 ? 'message' : 'messages'}`;
  if (mentions === 0) return count;
  return `${count}, ${mentions > SHOWN_MAX ? `more than ${SHOWN_MAX}` : mentions} mentioning you`;
}

interface UnreadBadgeProps {
  room: ChatRoom;
  /** Shown only, not said (where it would change the name of what holds it). */
  hidden?: boolean;
}

export function UnreadBadge({ room, hidden = false }: UnreadBadgeProps) {
  const counts = useRoomUnread(room);
  if (!counts || counts.unread === 0) return null;
  const className = counts.mentions > 0 ? `${styles.badge} ${styles.mentioned}` : styles.badge;
  const shown = `${counts.mentions > 0 ? '@ ' : ''}${counts.unread > SHOWN_MAX ? `${SHOWN_MAX}+` : counts.unread}`;
  if (hidden) {
    return (
      <span className={className} aria-hidden="true">
        {shown}
      </span>
    );
  }
  return (
    <span className={className}>
      <span aria-hidden="true">{shown}</span>
      <span className="visually-hidden">{unreadLabel(counts.unread, counts.mentions)}</span>
    </span>
  );
}
