// A question asked in place before an action that cannot be undone (revoking
// an invite link, replacing a calendar address): "Keep it", focused as the
// safe choice in every confirmation, and the action.
interface InlineQuestionProps {
  /** The group's accessible name. */
  label: string;
  question: string;
  confirmLabel: string;
  /** The action is on its way: another press does nothing. */
  pending: boolean;
  onKeep: () => void;
  onConfirm: () => void;
  className: string;
  buttonsClassName: string;
}

export function InlineQuestion({
  label,
  question,
  confirmLabel,
  pending,
  onKeep,
  onConfirm,
  className,
  buttonsClassName,
}: InlineQuestionProps) {
  return (
    <div className={className} role="group" aria-label={label}>
      <p>{question}</p>
      <span className={buttonsClassName}>
        <button type="button" className="button button--outline button--small" onClick={onKeep} autoFocus>
          Keep it
        </button>
        <button
          type="button"
          className="button button--danger-outline button--small"
          aria-disabled={pending}
          onClick={() => {
            if (!pending) onConfirm();
          }}
        >
          {confirmLabel}
        </button>
      </span>
    </div>
  );
}
