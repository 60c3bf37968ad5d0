// A form's schema from a rule of domain/ (checkSignUp, checkLogin,
// checkStudyGroupDetails...): the rule runs on the values as typed and its one
// failure, the first in the rule's order, becomes its field's error. The form
// then shows exactly what the server would answer, from the same code, and
// react-hook-form focuses that field.
import * as z from 'zod/mini';

export interface RuleFailure<Field extends string> {
  field: Field;
  message: string;
}

export function ruleSchema<Values extends object>(check: (values: Values) => RuleFailure<Extract<keyof Values, string>> | null) {
  return z.custom<Values>().check(
    z.superRefine((values: Values, ctx) => {
      const failure = check(values);
      if (failure) ctx.addIssue({ code: 'custom', path: [failure.field], message: failure.message, input: values });
    }),
  );
}
