// Label, control and error line wired together, so every input is labelled and
// its error is announced and described without each form repeating the ids.
// A field with a length limit shows a counter ("37/100") under the control,
// part of the control's description, rather than cutting what is typed.
import type { ReactNode } from 'react';

interface FieldA11yProps {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
}

/** How long the value is, against its limit, counted as the rule that checks it counts. */
interface CharacterCount {
  used: number;
  max: number;
}

/** What every labelled field shows around its control. */
export interface FieldFrameProps {
  label: string;
  error?: string | null;
  hint?: string;
  /** Shows "used/max" under the control, in the error colour past the limit. */
  count?: CharacterCount;
  className?: string;
  /** A stable id for the control (links and tests may name it); one is generated otherwise. */
  id?: string;
}

interface FormFieldProps extends FieldFrameProps {
  id: string;
  children: (control: FieldA11yProps) => ReactNode;
}

export function FormField({ id, label, error, hint, count, className, children }: FormFieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const countId = count ? `${id}-count` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, countId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={['form-field', className].filter(Boolean).join(' ')}>
      <label className="form-field__label" htmlFor={id}>
        {label}
      </label>
      {hint ? (
        <p className="form-field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy })}
      {count && countId ? <CharacterCounter id={countId} {...count} /> : null}
      {error ? (
        <p className="form-field__error" id={errorId} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

const formatCount = (n: number) => n.toLocaleString('en-US');

/** "37/100" on screen; "37 of 100 characters" when read as the control's description. Past the limit it says by how much, in words as well as colour. */
function CharacterCounter({ id, used, max }: CharacterCount & { id: string }) {
  const over = used - max;
  const tooMany = over > 0 ? `${formatCount(over)} too many` : '';
  return (
    <p className={over > 0 ? 'form-field__count form-field__count--over' : 'form-field__count'} id={id}>
      <span aria-hidden="true">
        {formatCount(used)}/{formatCount(max)}
        {tooMany ? ` (${tooMany})` : ''}
      </span>
      <span className="visually-hidden">
        {formatCount(used)} of {formatCount(max)} characters{tooMany ? `, ${tooMany}` : ''}
      </span>
    </p>
  );
}
