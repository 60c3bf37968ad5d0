// The names offered after "@" in the chat box (mention-suggestions.ts picks
// them): up to six of the room's people by first name, last name or username,
// above the box. Up and Down move through them, Enter or Tab puts the chosen
// one's @username in, Escape (or typing on) closes the list; a tap or click
// picks too. The box stays focused throughout: the list is its
// aria-activedescendant's (a textarea may not be a combobox), and a status line
// says how many match. Floating UI keeps the list inside the viewport.
import { autoUpdate, flip, offset, shift, size, useDismiss, useFloating, useInteractions } from '@floating-ui/react';
import { useId, useMemo, useState, type KeyboardEvent, type ReactNode, type TextareaHTMLAttributes } from 'react';
import type { Member } from '@contract/members';
import { memberName } from '@web/lib/member-name';
import { insertMention, mentionQueryAt, suggestMembers } from './mention-suggestions';
import styles from './mention-picker.module.css';

const EDGE = 8;

interface MentionPickerOptions {
  members: readonly Member[];
  /** The student's own username: never offered. */
  me: string;
  text: string;
  setText: (text: string) => void;
}

interface Query {
  start: number;
  caret: number;
  query: string;
}

type TextareaProps = TextareaHTMLAttributes<HTMLTextAreaElement>;

export interface MentionPicker {
  /** The textarea's ref. */
  setReference: (element: HTMLTextAreaElement | null) => void;
  /**
   * The textarea's props with the picker's: its aria, a look at the word at the
   * caret on each change and caret move, and the keys it takes while the list
   * is open (Enter picks then, instead of the box's own `onKeyDown`).
   */
  getInputProps: (own: TextareaProps & { onChange: NonNullable<TextareaProps['onChange']> }) => TextareaProps;
  list: ReactNode;
}

export function useMentionPicker({ members, me, text, setText }: MentionPickerOptions): MentionPicker {
  const listId = useId();
  const statusId = useId();
  const [query, setQuery] = useState<Query | null>(null);
  const [active, setActive] = useState(0);
  const options = useMemo(() => (query ? suggestMembers(members, query.query, me) : []), [query, members, me]);
  const open = options.length > 0;
  const [input, setInput] = useState<HTMLTextAreaElement | null>(null);
  // floating-ui's setters are callback refs (stable functions), not ref objects read during render.
  const {
    refs: { setReference, setFloating },
    floatingStyles,
    context,
  } = useFloating({
    open,
    onOpenChange: (next) => {
      if (!next) setQuery(null);
    },
    placement: 'top-start',
    middleware: [
      offset(4),
      flip({ padding: EDGE }),
      shift({ padding: EDGE }),
      size({
        padding: EDGE,
        apply({ availableWidth, elements }) {
          elements.floating.style.maxWidth = `${Math.min(availableWidth, 352)}px`;
        },
      }),
    ],
    whileElementsMounted: autoUpdate,
  });
  const { getReferenceProps, getFloatingProps } = useInteractions([useDismiss(context)]);
  const optionId = (index: number) => `${listId}-${index}`;
  const current = Math.min(active, options.length - 1);

  function pick(member: Member) {
    if (!query) return;
    const next = insertMention(text, query.start, query.caret, member.username);
    setText(next.text);
    setQuery(null);
    // After React has put the new text in: the caret after the name and its space.
    requestAnimationFrame(() => {
      input?.focus();
      input?.setSelectionRange(next.caret, next.caret);
    });
  }

  function look(element: HTMLTextAreaElement) {
    const caret = element.selectionStart;
    const found = caret === element.selectionEnd ? mentionQueryAt(element.value, caret) : null;
    if (found?.query !== query?.query || found?.start !== query?.start) setActive(0);
    setQuery(found ? { ...found, caret } : null);
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>): boolean {
    if (!open || event.nativeEvent.isComposing) return false;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current + step + options.length) % options.length);
    } else if ((event.key === 'Enter' && !event.shiftKey) || event.key === 'Tab') {
      pick(options[current]);
    } else if (event.key === 'Escape') {
      setQuery(null);
    } else {
      return false;
    }
    event.preventDefault();
    event.stopPropagation();
    return true;
  }

  const list: ReactNode = open ? (
    <>
      <ul
        ref={setFloating}
        id={listId}
        role="listbox"
        aria-label="People to mention"
        className={styles.list}
        style={floatingStyles}
        {...getFloatingProps()}
      >
        {options.map((member, index) => (
          <li
            key={member.id}
            id={optionId(index)}
            role="option"
            aria-selected={index === current}
            className={styles.option}
            // The box keeps the focus: a press must not take it.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => pick(member)}
          >
            <span className={styles.name}>{memberName(member)}</span> <span className={styles.username}>@{member.username}</span>
          </li>
        ))}
      </ul>
      <span className="visually-hidden" id={statusId} role="status">
        {options.length === 1 ? '1 person to mention' : `${options.length} people to mention`}. Up and Down choose, Enter picks.
      </span>
    </>
  ) : null;

  return {
    setReference: (element) => {
      setReference(element);
      setInput(element);
    },
    getInputProps: (own) => {
      const props: TextareaProps = {
        ...own,
        'aria-autocomplete': 'list',
        'aria-controls': open ? listId : undefined,
        'aria-activedescendant': open ? optionId(current) : undefined,
        onChange: (event) => {
          own.onChange(event);
          look(event.currentTarget);
        },
        onSelect: (event) => look(event.currentTarget),
        onKeyDown: (event) => {
          if (!onKeyDown(event)) own.onKeyDown?.(event);
        },
      };
      return getReferenceProps(props as Record<string, unknown>) as TextareaProps;
    },
    list,
  };
}
