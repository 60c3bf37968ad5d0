// A course chat's "Most useful" shelf (decision 0118): a course has no owner
// to pin messages, so above its chat a disclosure offers the messages of the
// last 14 days with the most reactions (at most three). Each names its author,
// its first line and its reactions; pressing it finds the message in the log
// (loading earlier history if need be). The shelf is read again a moment after
// the room's messages or reactions change, and shows nothing while empty.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { quoteExcerpt } from '@domain/chat/reply-quote';
import type { ChatMessage } from '@contract/chat';
import { DisclosureButton } from '@web/components/disclosure-button';
import { messageAuthorName } from '@web/lib/member-name';
import { fetchMostUseful } from './api';
import styles from './message-extras.module.css';

/** After a change of the room, the shelf is read again this much later (a burst of reactions is one read). */
const REREAD_AFTER_MS = 1_500;

/**
 * What of the loaded messages would move the shelf: the reactions of those that have any. A new message has none (the
 * poll bringing it reads nothing); a deleted one loses its reactions, so it leaves the signature.
 */
function shelfSignature(messages: readonly ChatMessage[]): string {
  return messages
    .filter((m) => m.reactions?.length)
    .map((m) => `${m.id}:${m.reactions!.map((r) => `${r.emoji}${r.count}`).join('')}`)
    .join(',');
}

interface MostUsefulShelfProps {
  courseId: number;
  /** The room's loaded messages: a change among them reads the shelf again. */
  messages: readonly ChatMessage[];
  /** Finds the message in the log and focuses it. */
  onOpen: (id: string) => void;
}

export function MostUsefulShelf({ courseId, messages, onOpen }: MostUsefulShelfProps) {
  const queryKey = useMemo(() => ['chat', 'most-useful', courseId] as const, [courseId]);
  const shelf = useQuery({ queryKey, queryFn: () => fetchMostUseful(courseId) });
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const listId = useId();
  const signature = shelfSignature(messages);

  // The first signature is what the query's own first read saw: only a change reads again.
  const readFor = useRef(signature);
  useEffect(() => {
    if (signature === readFor.current) return;
    const timer = setTimeout(() => {
      readFor.current = signature;
      void client.invalidateQueries({ queryKey });
    }, REREAD_AFTER_MS);
    return () => clearTimeout(timer);
  }, [signature, client, queryKey]);

  const top = shelf.data ?? [];
  if (top.length === 0) return null;
  return (
    <div className={styles.shelf}>
      <DisclosureButton label={`Most useful (${top.length})`} expanded={open} controls={listId} onToggle={() => setOpen((was) => !was)} />
      <ol id={listId} className={styles.shelfList} hidden={!open} aria-label="Most useful messages">
        {top.map((message) => {
          const reactions = (message.reactions ?? []).map((r) => `${r.emoji} ${r.count}`).join(', ');
          return (
            <li key={message.id}>
              <button type="button" className={styles.shelfItem} onClick={() => onOpen(message.id)}>
                <span className={styles.shelfAuthor}>{messageAuthorName(message)}</span>
                <span className={styles.shelfText}>{quoteExcerpt(message.message)}</span>
                <span className={styles.shelfReactions}>{reactions}</span>
              </button>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
