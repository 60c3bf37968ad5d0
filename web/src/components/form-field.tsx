// Label, control and error line wired together, so every input is labelled and
// its error is announced and described without each form repeating the ids.
import type { ReactNode } from 'react';

export interface FieldA11yProps {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
}

/** What every labelled field shows around its control. */
export interface FieldFrameProps {
  label: string;
  error?: string | null;
  hint?: string;
  className?: string;
  /** A stable id for the control (links and tests may name it); one is generated otherwise. */
  id?: string;
}

interface FormFieldProps extends FieldFrameProps {
  id: string;
  children: (control: FieldA11yProps) => ReactNode;
}

export function FormField({ id, label, error, hint, className, children }: FormFieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
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
      {error ? (
        <p className="form-field__error" id={errorId} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
