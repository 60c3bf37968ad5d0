import { NotAuthenticatedError, refuseBrokenRule } from '@domain/errors';
import type { UserId } from '@domain/ids';
import { checkProfile, normaliseProfile, type ProfileInput } from '@domain/user/sign-up-rules';
import type { User } from '@domain/user/user';
import type { MessageAuthors } from '@application/ports/message-authors';
import type { UserRepository } from '@application/ports/user-repository';

export interface UpdateProfileCommand extends Partial<ProfileInput> {
  actingUserId: UserId;
}

/** The profile page: names, major, year and bio under sign-up's rules (major and year may be cleared); a field left out keeps its value. */
export class UpdateProfile {
  constructor(
    private readonly users: UserRepository,
    /** Told of new names, so this server's chat shows them at once. */
    private readonly authors: MessageAuthors,
  ) {}

  async execute({ actingUserId, ...changes }: UpdateProfileCommand): Promise<User> {
    const current = await this.users.findById(actingUserId);
    if (!current) throw new NotAuthenticatedError('Your account no longer exists.');
    const defined = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
    const profile: ProfileInput = {
      firstName: current.firstName,
      lastName: current.lastName,
      major: current.major,
      year: current.year,
      bio: current.bio,
      ...defined,
    };
    refuseBrokenRule(checkProfile(profile));
    const updated = await this.users.updateProfile(actingUserId, normaliseProfile(profile));
    if (!updated) throw new NotAuthenticatedError('Your account no longer exists.');
    this.authors.renamed(actingUserId);
    return updated;
  }
}
