// The public screens' forms (Log In, Create Account, Forgot and Reset
// password), checked by a rule of domain/ the way the spec's forms behave: the
// rule runs on submit only and shows one message, the first failing one, on
// its field, which gets the focus; a field's message clears once the student
// types a non-empty value there, and nothing is checked again before the next
// submit. The same behaviour as use-rule-form.ts (react-hook-form), in plain
// React over uncontrolled inputs, so the screens a visitor opens first do not
// download a forms library (decision 0119). The signed-in app's forms keep
// use-rule-form.ts.
import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type { RuleFailure } from './rule-schema';

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
type FieldName<Values> = Extract<keyof Values, string>;
type Check<Values> = (values: Values) => RuleFailure<FieldName<Values>> | null;
type Errors<Values> = Partial<Record<FieldName<Values> | 'root', { message: string }>>;

export function useCheckedForm<Values extends { [Name in keyof Values]: string }>(check: Check<Values>, defaultValues: Values) {
  const controls = useRef(new Map<FieldName<Values>, Control>());
  const [errors, setErrors] = useState<Errors<Values>>({});
  const [isSubmitting, setSubmitting] = useState(false);

  function clearErrors(name?: FieldName<Values> | 'root'): void {
    setErrors((before) => {
      if (name === undefined) return {};
      if (!(name in before)) return before;
      const after = { ...before };
      delete after[name];
      return after;
    });
  }

  function setError(name: FieldName<Values> | 'root', error: { message?: string }, options: { shouldFocus?: boolean } = {}): void {
    setErrors((before) => ({ ...before, [name]: { message: error.message ?? '' } }));
    if (options.shouldFocus && name !== 'root') controls.current.get(name)?.focus();
  }

  /** Everything a TextField or SelectField needs for one field: its name, ref, change handler and message. */
  function field(name: FieldName<Values>) {
    return {
      name,
      ref: (control: Control | null) => {
        if (control) controls.current.set(name, control);
        else controls.current.delete(name);
      },
      onChange: (event: ChangeEvent<Control>) => {
        if (event.target.value !== '') clearErrors(name);
      },
      error: errors[name]?.message,
    };
  }

  function values(): Values {
    const read = { ...defaultValues };
    for (const [name, control] of controls.current) (read as Record<string, string>)[name] = control.value;
    return read;
  }

  /** The submit handler: checks the rule, then (when it passes) runs `send` with the values, `isSubmitting` meanwhile. */
  function handleSubmit(send: (values: Values) => unknown) {
    return async (event?: FormEvent) => {
      event?.preventDefault();
      const current = values();
      const failure = check(current);
      if (failure) {
        setErrors({ [failure.field]: { message: failure.message } } as Errors<Values>);
        controls.current.get(failure.field)?.focus();
        return;
      }
      setErrors({});
      setSubmitting(true);
      try {
        await send(current);
      } finally {
        setSubmitting(false);
      }
    };
  }

  return { field, handleSubmit, setError, clearErrors, formState: { errors, isSubmitting } };
}

/** A form's `field` function, for the parts of a form that render some of its fields. */
export type CheckedFormField<Values extends { [Name in keyof Values]: string }> = ReturnType<typeof useCheckedForm<Values>>['field'];
