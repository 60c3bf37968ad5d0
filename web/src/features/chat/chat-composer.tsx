// The chat's field and Send button: Enter or Send posts (Shift+Enter adds a
// line). Sending clears the field at once, so the next message can be typed
// while this one is on its way (it waits in the log as pending, however bad
// the connection); a message that cannot be sent as typed comes back into it,
// with why under it. What is typed is kept in this browser until it is sent
// (web/src/lib/drafts.ts): a reload, another course or a closed tab loses none of it.
import { useId, type FormEvent } from 'react';
import type { Member } from '@contract/members';
import { useDraft } from '@web/lib/drafts';
import styles from './chat-panel.module.css';
import { useMentionPicker } from './mention-picker';
import { submitOnEnter } from './message-body';

interface ChatComposerProps {
  /** The course or group name, for the placeholder "Message '{name}'". */
  roomName: string;
  /** Whose draft, and of which room ("course:12"): where the unsent text is kept. */
  userId: number;
  draftPlace: string;
  /** The room's people, offered after "@" (mention-picker.tsx); `me` (the student's username) is not. */
  members: readonly Member[];
  me: string;
  /** Why the last message could not be sent as typed; empty once one is. */
  sendError: string;
  /** Resolves to true once the message is on its way (the chat's outbox). */
  send: (text: string) => Promise<boolean>;
}

export function ChatComposer({ roomName, userId, draftPlace, members, me, sendError, send }: ChatComposerProps) {
  const inputId = useId();
  const errorId = useId();
  const hintId = useId();
  const [draft, setDraft] = useDraft(userId, `chat:${draftPlace}`);
  const { setReference, getInputProps, list: mentionList } = useMentionPicker({ members, me, text: draft, setText: setDraft });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Spec 4: sending clears the input. At once, so the student can type the
    // next message while this one is on its way.
    const text = draft;
    setDraft('');
    if (await send(text)) return;
    // A message not sent goes back into the input, before anything typed since, so nothing typed is lost.
    setDraft((typed) => (typed === '' ? text : `${text}\n${typed}`));
  }

  return (
    <>
      <form className={styles.form} onSubmit={(event) => void submit(event)}>
        <label className="visually-hidden" htmlFor={inputId}>
          Message
        </label>
        <textarea
          ref={setReference}
          {...getInputProps({
            id: inputId,
            className: `input ${styles.input}`,
            rows: 1,
            value: draft,
            onChange: (event) => setDraft(event.target.value),
            onKeyDown: submitOnEnter,
            placeholder: `Message '${roomName}'`,
            autoComplete: 'off',
            'aria-invalid': sendError !== '',
            'aria-describedby': sendError ? `${hintId} ${errorId}` : hintId,
          })}
        />
        {mentionList}
        <span className="visually-hidden" id={hintId}>
          Enter sends; Shift+Enter starts a new line; @ and a name mentions someone.
        </span>
        <button type="submit" className={`button button--primary ${styles.send}`}>
          Send
        </button>
      </form>
      {sendError ? (
        <p className={`form-error ${styles.error}`} id={errorId} role="alert">
          {sendError}
        </p>
      ) : null}
    </>
  );
}
