// What a chat message says, under its author and time: the text (mentions
// marked, line breaks kept) with "(edited)", or "Message deleted"; and for
// whoever may change it, Edit (its author, for 24 hours) and Delete (its
// author, or the group's owner), Edit turning the text into a field in place
// (Enter saves, Shift+Enter adds a line, Escape cancels). The log's Edit and
// Delete buttons are one tab stop, the arrow keys moving among them.
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { ChatMessage } from '@contract/chat';
import { describeChatTime } from '@web/lib/chat-time';
import styles from './chat-panel.module.css';
import { MessageText } from './message-text';
import { ReactionBar } from './reaction-bar';
import { ReplyQuote } from './reply-quote';

interface MessageBodyProps {
  message: ChatMessage;
  usernames: ReadonlySet<string>;
  me: string;
  canEdit: boolean;
  canDelete: boolean;
  /** Its Edit and Delete are the log's one tab stop for them (the others are reached with the arrow keys). */
  actionsTabbable: boolean;
  onActionFocus: () => void;
  onActionKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => void;
  /** Resolves to true once stored. */
  onSave: (text: string) => Promise<boolean>;
  onDelete: () => void;
  /** The signed-in student (their own reactions are pressed). */
  userId: number;
  /** Reply was pressed: the composer answers this message. */
  onReply: () => void;
  onReact: (emoji: string, reacted: boolean) => void;
  /** A reply's quote was pressed: the log shows the original. */
  onOpenQuote: (id: string) => void;
}

/** Enter submits the field's form; Shift+Enter (and Enter while composing an accented letter or a CJK word) adds to the text. */
export function submitOnEnter(event: KeyboardEvent<HTMLTextAreaElement>): void {
  if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
  event.preventDefault();
  event.currentTarget.form?.requestSubmit();
}

export function MessageBody({
  message,
  usernames,
  me,
  canEdit,
  canDelete,
  actionsTabbable,
  onActionFocus,
  onActionKeyDown,
  onSave,
  onDelete,
  userId,
  onReply,
  onReact,
  onOpenQuote,
}: MessageBodyProps) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState('');
  const [saving, setSaving] = useState(false);
  const fieldId = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);

  useEffect(() => {
    if (editing) {
      const input = field.current;
      input?.focus();
      input?.setSelectionRange(input.value.length, input.value.length);
    } else if (returnFocus.current) {
      returnFocus.current = false;
      editButton.current?.focus();
    }
  }, [editing]);

  // One tab stop: the first of its buttons.
  const actionProps = (first: boolean) => ({
    'data-message-action': true,
    tabIndex: actionsTabbable && first ? 0 : -1,
    onFocus: onActionFocus,
    onKeyDown: onActionKeyDown,
  });

  if (message.deleted) {
    return <p className={`${styles.text} ${styles.deleted}`}>Message deleted</p>;
  }

  function close() {
    returnFocus.current = true;
    setEditing(false);
  }

  async function save() {
    if (saving) return;
    if (draft.trim() === message.message) {
      close();
      return;
    }
    setSaving(true);
    const saved = await onSave(draft);
    setSaving(false);
    if (saved) close();
  }

  if (editing) {
    return (
      <form
        className={styles.editForm}
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <label className="visually-hidden" htmlFor={fieldId}>
          Edit message
        </label>
        <textarea
          id={fieldId}
          ref={field}
          className={`input ${styles.editField}`}
          value={draft}
          rows={Math.min(8, draft.split('\n').length + 1)}
          readOnly={saving}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.preventDefault();
              close();
            } else {
              submitOnEnter(event);
            }
          }}
        />
        <div className={styles.actions}>
          <button type="button" className={styles.action} onClick={close}>
            Cancel
          </button>
          <button type="submit" className={`${styles.action} ${styles.save}`} aria-disabled={saving}>
            Save
          </button>
        </div>
      </form>
    );
  }

  return (
    <>
      {message.quote ? <ReplyQuote quote={message.quote} userId={userId} onOpen={onOpenQuote} /> : null}
      <p className={styles.text}>
        <MessageText text={message.message} usernames={usernames} me={me} />
        {message.edited ? (
          <span className={styles.edited} title={message.editedAt ? `Edited ${describeChatTime(message.editedAt)}` : undefined}>
            {' '}
            (edited)
          </span>
        ) : null}
      </p>
      <ReactionBar message={message} userId={userId} onReact={onReact} actionProps={actionProps(false)} />
      <div className={styles.actions}>
        <button type="button" className={styles.action} {...actionProps(true)} onClick={onReply}>
          Reply
        </button>
        {canEdit ? (
          <button
            type="button"
            ref={editButton}
            className={styles.action}
            {...actionProps(false)}
            onClick={() => {
              setDraft(message.message);
              setEditing(true);
            }}
          >
            Edit
          </button>
        ) : null}
        {canDelete ? (
          <button type="button" className={styles.action} aria-haspopup="dialog" {...actionProps(false)} onClick={onDelete}>
            Delete
          </button>
        ) : null}
      </div>
    </>
  );
}
