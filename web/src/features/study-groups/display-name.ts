// How the client counts a study group's people (names follow the domain's
// display rule, domain/user/display-name.ts).

/** "3 members", counting the owner: the spec's size + 1. */
export function memberCountLabel(group: { size: number }): string {
  const count = group.size + 1;
  return `${count} ${count === 1 ? 'member' : 'members'}`;
}
