// A student written straight to a UserRepository (no HTTP, no bcrypt), for the
// tests of the use cases and adapters that take students as they are stored.
import type { UserRepository } from '@application/ports/user-repository';
import type { NewUser, User } from '@domain/user/user';

export async function storeStudent(
  users: Pick<UserRepository, 'create'>,
  username: string,
  fields: Partial<Omit<NewUser, 'username' | 'email'>> = {},
): Promise<User> {
  const result = await users.create({
    firstName: username,
    lastName: 'Gator',
    username,
    email: `${username}@ufl.edu`,
    major: 'Zoology',
    year: '1',
    bio: '',
    passwordHash: 'x',
    ...fields,
  });
  if (!result.created) throw new Error(`student ${username} not created`);
  return result.user;
}
