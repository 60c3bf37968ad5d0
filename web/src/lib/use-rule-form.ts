// A react-hook-form form (the signed-in app's; the public screens use
// use-checked-form.ts, decision 0119) checked by a rule of domain/ (checkLogin, checkSignUp...)
// the way the spec's forms behave: the rule runs on submit only and shows one
// message, the first failing one, on its field, which gets the focus; a field's
// message clears once the student types a non-empty value there, and nothing is
// checked again before the next submit.
import { zodResolver } from '@hookform/resolvers/zod';
import type { ChangeEvent } from 'react';
import { useForm, type DefaultValues, type FieldError, type FieldValues, type Path } from 'react-hook-form';
import { ruleSchema, type RuleFailure } from './rule-schema';

type Check<Values> = (values: Values) => RuleFailure<Extract<keyof Values, string>> | null;

export function useRuleForm<Values extends FieldValues>(check: Check<Values>, defaultValues: DefaultValues<Values>) {
  const form = useForm<Values>({ resolver: zodResolver(ruleSchema(check)), defaultValues, reValidateMode: 'onSubmit' });
  const { register, clearErrors, formState } = form;

  /** Everything a TextField or SelectField needs for one field: register()'s props and the field's message. */
  function field(name: Path<Values>) {
    const clearWhenFilled = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => {
      if (event.target.value !== '') clearErrors(name);
    };
    return {
      ...register(name, { onChange: clearWhenFilled }),
      error: (formState.errors[name] as FieldError | undefined)?.message,
    };
  }

  return { ...form, field };
}
