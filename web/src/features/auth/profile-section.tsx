// "Enter Profile Information": what other students see of the new account.
import { SelectField } from '@web/components/select-field';
import { TextField } from '@web/components/text-field';
import type { CheckedFormField } from '@web/lib/use-checked-form';
import type { SignUpInput } from '@domain/user/sign-up-rules';
import { YEAR_NAMES, YEARS } from '@domain/user/user';
import { FormSection } from './form-section';
import sectionStyles from './form-section.module.css';

const YEAR_OPTIONS = YEARS.map((year) => ({ value: year, label: YEAR_NAMES[year] }));

export function ProfileSection({ field }: { field: CheckedFormField<SignUpInput> }) {
  return (
    <FormSection
      title="Enter Profile Information"
      note="Your profile information is shared with other students so they can connect with you."
    >
      <TextField label="First Name" autoComplete="given-name" {...field('firstName')} />
      <TextField label="Last Name" autoComplete="family-name" {...field('lastName')} />
      <TextField label="Bio" multiline rows={4} placeholder="Tell us about yourself..." className={sectionStyles.wide} {...field('bio')} />
      <TextField label="Major" autoComplete="off" {...field('major')} />
      <SelectField label="Year" placeholder="Select Class Standing" options={YEAR_OPTIONS} {...field('year')} />
    </FormSection>
  );
}
