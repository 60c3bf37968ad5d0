// The rules for a group's name and description (spec section 5, with the limits students see):
// both required after trimming, with the form's one message when either is empty,
// and at most GROUP_LIMITS characters, counted as the database counts them
// (code points) and said with the count, as the chat refuses a long message.
import { refuseBrokenRule } from '@domain/errors';
import { characterCount } from '@domain/text/text-policy';

export const GROUP_LIMITS = { name: 100, description: 1000 } as const;

export const TITLE_AND_DESCRIPTION_MESSAGE = 'Please enter a title and description';

export interface StudyGroupDetails {
  name: string;
  description: string;
}

export interface GroupRuleFailure {
  field: keyof StudyGroupDetails;
  message: string;
}

const count = (n: number) => n.toLocaleString('en-US');

/** The first broken rule, or null. Empty comes first, so the form's message wins. */
export function checkStudyGroupDetails(input: StudyGroupDetails): GroupRuleFailure | null {
  const name = input.name.trim();
  const description = input.description.trim();
  if (name === '') return { field: 'name', message: TITLE_AND_DESCRIPTION_MESSAGE };
  if (description === '') return { field: 'description', message: TITLE_AND_DESCRIPTION_MESSAGE };
  const nameLength = characterCount(name);
  if (nameLength > GROUP_LIMITS.name) {
    return {
      field: 'name',
      message: `Group names can be at most ${count(GROUP_LIMITS.name)} characters (this one has ${count(nameLength)}).`,
    };
  }
  const descriptionLength = characterCount(description);
  if (descriptionLength > GROUP_LIMITS.description) {
    return {
      field: 'description',
      message: `Descriptions can be at most ${count(GROUP_LIMITS.description)} characters (this one has ${count(descriptionLength)}).`,
    };
  }
  return null;
}

/** The stored form (trimmed); throws the first broken rule. */
export function normaliseStudyGroupDetails(input: StudyGroupDetails): StudyGroupDetails {
  refuseBrokenRule(checkStudyGroupDetails(input));
  return { name: input.name.trim(), description: input.description.trim() };
}
