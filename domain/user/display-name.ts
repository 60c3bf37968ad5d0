// How a student's name is shown, on every screen of the client and in what the
// server writes to people: the first letter of each word capitalised, the rest
// as the student typed it, so "alice gator" reads "Alice Gator" and "ben
// McDonald" keeps its capital D. A word also starts after a hyphen or an
// apostrophe ("Mary-Jane O'Neil"). Display only: stored names stay as typed.
// Upper-casing ignores the runtime's locale, so the server and every browser
// show the same name.

export interface PersonName {
  firstName: string;
  lastName: string;
  /** Shown when both names are blank. */
  username: string;
}

const WORD_START = /(^|[-'’])(\p{L})/gu;

export function capitaliseWords(text: string): string {
  return text
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => word.replace(WORD_START, (_match, before: string, letter: string) => before + letter.toUpperCase()))
    .join(' ');
}

/** "Alice Gator"; the username when the student gave no name. */
export function displayName(person: PersonName): string {
  return capitaliseWords(`${person.firstName} ${person.lastName}`) || person.username;
}

/** The first letters of the first and last name ("AG"), or of the username. */
export function initialsOf(person: PersonName): string {
  const first = (text: string) => Array.from(text.trim())[0] ?? '';
  const initials = first(person.firstName) + first(person.lastName) || first(person.username) || '?';
  return initials.toUpperCase();
}
