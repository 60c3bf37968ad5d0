// A labelled text input (or, multiline, a textarea) with its hint and error
// line wired for screen readers. Spread react-hook-form's register('name')
// into it, or plain value/onChange props.
import { useId, type ComponentPropsWithRef } from 'react';
import { FormField, type FieldFrameProps } from './form-field';

type InputProps = { multiline?: false } & ComponentPropsWithRef<'input'>;
type TextAreaProps = { multiline: true } & ComponentPropsWithRef<'textarea'>;

export type TextFieldProps = FieldFrameProps & (InputProps | TextAreaProps);

export function TextField({ label, error, hint, count, className, id, ...control }: TextFieldProps) {
  const generatedId = useId();
  return (
    <FormField id={id ?? generatedId} label={label} error={error} hint={hint} count={count} className={className}>
      {(a11y) =>
        control.multiline ? (
          <textarea {...withoutMultiline(control)} {...a11y} className="input input--textarea" />
        ) : (
          <input type="text" {...withoutMultiline(control)} {...a11y} className="input" />
        )
      }
    </FormField>
  );
}

function withoutMultiline<T extends { multiline?: boolean }>({ multiline: _multiline, ...rest }: T): Omit<T, 'multiline'> {
  return rest;
}
