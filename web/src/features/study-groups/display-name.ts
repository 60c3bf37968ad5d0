// Names on the group page are shown in capitalised words ("albert gator" ->
// "Albert Gator"); the rest of each word is left as the student typed it.

export function capitaliseWords(text: string): string {
  return text
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => word.replace(/(^|[-'’])(\p{L})/gu, (_match, before: string, letter: string) => before + letter.toUpperCase()))
    .join(' ');
}

export function displayName(person: { first_name: string; last_name: string; username: string }): string {
  return capitaliseWords(`${person.first_name} ${person.last_name}`) || person.username;
}

/** "3 members", counting the owner: the spec's size + 1. */
export function memberCountLabel(group: { size: number }): string {
  const count = group.size + 1;
  return `${count} ${count === 1 ? 'member' : 'members'}`;
}
