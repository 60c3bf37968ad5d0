// A message's reactions: one toggle button per emoji in use (aria-pressed
// when the student is among them; its label "👍 3, you and 2 others", its
// tip the names), and "Add reaction", which opens the six emoji of the set.
// A long press on a reaction (touch) shows who reacted instead of toggling.
import { useEffect, useId, useRef, useState } from 'react';
import type { ChatMessage } from '@contract/chat';
import { REACTION_EMOJI, reactionLabel } from '@domain/chat/reactions';
import styles from './message-extras.module.css';

const LONG_PRESS_MS = 500;

interface ReactionBarProps {
  message: ChatMessage;
  userId: number;
  onReact: (emoji: string, reacted: boolean) => void;
  /** The message's buttons are one tab stop among the log's messages (message-body.tsx): these join them. */
  actionProps: Record<string, unknown>;
}

export function ReactionBar({ message, userId, onReact, actionProps }: ReactionBarProps) {
  const [picking, setPicking] = useState(false);
  const [showing, setShowing] = useState<string | null>(null);
  const pressTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const longPressed = useRef(false);
  const pickerId = useId();
  const addButton = useRef<HTMLButtonElement>(null);
  const picker = useRef<HTMLDivElement>(null);
  // Opened, the set takes the focus (its first emoji); Escape closes it and gives the focus back.
  useEffect(() => {
    if (picking) picker.current?.querySelector('button')?.focus();
  }, [picking]);
  const reactions = message.reactions ?? [];
  const mine = (emoji: string) => reactions.some((r) => r.emoji === emoji && r.user_ids.includes(userId));

  const startPress = (emoji: string) => {
    longPressed.current = false;
    clearTimeout(pressTimer.current);
    pressTimer.current = setTimeout(() => {
      longPressed.current = true;
      setShowing(emoji);
    }, LONG_PRESS_MS);
  };
  const endPress = () => clearTimeout(pressTimer.current);

  return (
    <div className={styles.reactions}>
      {reactions.map((reaction) => {
        const pressed = reaction.user_ids.includes(userId);
        const others = reaction.names.filter((_, i) => reaction.user_ids[i] !== userId);
        const label = reactionLabel(reaction.emoji, others, pressed);
        return (
          <span key={reaction.emoji} className={styles.reactionHolder}>
            <button
              type="button"
              {...actionProps}
              className={`${styles.reaction} ${pressed ? styles.reactionMine : ''}`}
              aria-pressed={pressed}
              aria-label={label}
              title={label}
              onPointerDown={(event) => {
                if (event.pointerType === 'touch') startPress(reaction.emoji);
              }}
              onPointerUp={endPress}
              onPointerLeave={endPress}
              onContextMenu={(event) => {
                // A long press on a phone: show who reacted, not the browser's menu.
                event.preventDefault();
                setShowing(reaction.emoji);
              }}
              onBlur={() => setShowing(null)}
              onClick={() => {
                if (longPressed.current) {
                  longPressed.current = false;
                  return;
                }
                onReact(reaction.emoji, !pressed);
              }}
            >
              <span aria-hidden="true">{reaction.emoji}</span> <span aria-hidden="true">{reaction.count}</span>
            </button>
            {showing === reaction.emoji ? (
              <span className={styles.reactors} role="status">
                {label}
              </span>
            ) : null}
          </span>
        );
      })}
      <button
        type="button"
        ref={addButton}
        {...actionProps}
        className={styles.addReaction}
        aria-expanded={picking}
        aria-controls={pickerId}
        aria-label="Add reaction"
        title="Add reaction"
        onClick={() => setPicking((open) => !open)}
      >
        <span aria-hidden="true">☺+</span>
      </button>
      {picking ? (
        <div
          id={pickerId}
          ref={picker}
          className={styles.picker}
          role="group"
          aria-label="Reactions"
          onKeyDown={(event) => {
            if (event.key !== 'Escape') return;
            event.preventDefault();
            event.stopPropagation();
            setPicking(false);
            addButton.current?.focus();
          }}
        >
          {REACTION_EMOJI.map((emoji) => (
            <button
              key={emoji}
              type="button"
              className={styles.pick}
              aria-pressed={mine(emoji)}
              aria-label={`React with ${emoji}`}
              onClick={() => {
                setPicking(false);
                onReact(emoji, !mine(emoji));
              }}
            >
              {emoji}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
