// The create and update forms check the spec's rule before sending; the server
// checks it again (domain/study-group/study-group-rules.ts), and a unit test
// keeps the two in step.

export const TITLE_AND_DESCRIPTION_MESSAGE = 'Please enter a title and description';
export const GROUP_NAME_MAX = 100;
export const GROUP_DESCRIPTION_MAX = 1000;

export interface StudyGroupForm {
  name: string;
  description: string;
}

export function validateStudyGroup(form: StudyGroupForm): { field: keyof StudyGroupForm; message: string } | null {
  const name = form.name.trim();
  const description = form.description.trim();
  if (name === '') return { field: 'name', message: TITLE_AND_DESCRIPTION_MESSAGE };
  if (description === '') return { field: 'description', message: TITLE_AND_DESCRIPTION_MESSAGE };
  if (name.length > GROUP_NAME_MAX) return { field: 'name', message: `The name must be at most ${GROUP_NAME_MAX} characters` };
  if (description.length > GROUP_DESCRIPTION_MAX) {
    return { field: 'description', message: `The description must be at most ${GROUP_DESCRIPTION_MAX} characters` };
  }
  return null;
}
