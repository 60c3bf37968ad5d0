// How the client counts a study group's people (names follow the domain's
// display rule, domain/user/display-name.ts).

/** At its size limit: nobody else can join. */
export function isGroupFull(group: { size: number; maxMembers: number }): boolean {
  return group.size + 1 >= group.maxMembers;
}

/** "3 members", counting the owner: the spec's size + 1. */
export function memberCountLabel(group: { size: number }): string {
  const count = group.size + 1;
  return `${count} ${count === 1 ? 'member' : 'members'}`;
}
