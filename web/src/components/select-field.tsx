// A labelled select with a placeholder option (no value, so it counts as
// empty), its hint and error line wired for screen readers.
import { useId, type ComponentPropsWithRef } from 'react';
import { FormField, type FieldFrameProps } from './form-field';

interface SelectOption {
  value: string;
  label: string;
}

export type SelectFieldProps = FieldFrameProps &
  ComponentPropsWithRef<'select'> & {
    /** The first option, with no value: "Select Class Standing". */
    placeholder: string;
    options: readonly SelectOption[];
  };

export function SelectField({ label, error, hint, className, id, placeholder, options, ...select }: SelectFieldProps) {
  const generatedId = useId();
  return (
    <FormField id={id ?? generatedId} label={label} error={error} hint={hint} className={className}>
      {(a11y) => (
        <select {...select} {...a11y} className="input input--select">
          <option value="">{placeholder}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}
