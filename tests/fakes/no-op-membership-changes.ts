import type { MembershipChanges } from '@application/ports/membership-changes';

/** For wiring with nothing that caches room access. */
export class NoOpMembershipChanges implements MembershipChanges {
  async joined(): Promise<void> {}
  async left(): Promise<void> {}
}
