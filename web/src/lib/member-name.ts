// A classmate (or a message's author) as the wire sends them (snake_case),
// shown through the domain's one display rule for names.
import type { ChatMessage } from '@contract/chat';
import type { Member } from '@contract/members';
import { displayName, initialsOf, type PersonName } from '@domain/user/display-name';

function personOf(member: Member): PersonName {
  return { firstName: member.first_name, lastName: member.last_name, username: member.username };
}

/** "Alice Gator" (the username when the student gave no name). */
export function memberName(member: Member): string {
  return displayName(personOf(member));
}

/**
 * A message's author who is not among the room's people: "Former member" for a
 * deleted account; for one who left the room, the names the message carries
 * (the username when it has none).
 */
export function messageAuthorName(message: Pick<ChatMessage, 'username' | 'first_name' | 'last_name' | 'formerMember'>): string {
  if (message.formerMember) return 'Former member';
  return displayName({ firstName: message.first_name ?? '', lastName: message.last_name ?? '', username: message.username });
}

/** "AG". */
export function memberInitials(member: Member): string {
  return initialsOf(personOf(member));
}
