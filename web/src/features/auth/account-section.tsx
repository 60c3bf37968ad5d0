// "Enter Account Information": what the student logs in with.
import { TextField } from '@web/components/text-field';
import type { CheckedFormField } from '@web/lib/use-checked-form';
import type { SignUpInput } from '@domain/user/sign-up-rules';
import { FormSection } from './form-section';
import sectionStyles from './form-section.module.css';

export function AccountSection({ field }: { field: CheckedFormField<SignUpInput> }) {
  return (
    <FormSection title="Enter Account Information" note="You will use this information to log in.">
      <TextField
        label="Email Address"
        hint="Use your @ufl.edu address."
        type="email"
        inputMode="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        className={sectionStyles.wide}
        {...field('email')}
      />
      <TextField label="Username" autoComplete="username" autoCapitalize="none" spellCheck={false} {...field('username')} />
      <TextField label="Password" type="password" autoComplete="new-password" {...field('password')} />
    </FormSection>
  );
}
