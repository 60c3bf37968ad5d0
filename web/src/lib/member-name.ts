// A classmate as the wire sends them (snake_case), shown through the domain's
// one display rule for names.
import type { Member } from '@contract/members';
import { displayName, initialsOf, type PersonName } from '@domain/user/display-name';

function personOf(member: Member): PersonName {
  return { firstName: member.first_name, lastName: member.last_name, username: member.username };
}

/** "Alice Gator" (the username when the student gave no name). */
export function memberName(member: Member): string {
  return displayName(personOf(member));
}

/** "AG". */
export function memberInitials(member: Member): string {
  return initialsOf(personOf(member));
}
