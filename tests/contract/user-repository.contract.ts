// One behaviour for every UserRepository adapter.
import { describe, expect, it } from 'vitest';
import type { UserRepository } from '../../application/ports/user-repository';
import { canonicalName } from '../../domain/user/canonical-name';
import type { NewUser } from '../../domain/user/user';

let n = 0;
const newUser = (overrides: Partial<NewUser> = {}): NewUser => {
  n += 1;
  return {
    firstName: 'Albert',
    lastName: 'Gator',
    username: `albert${n}`,
    email: `albert${n}@ufl.edu`,
    major: 'Zoology',
    year: '1',
    bio: 'Hi',
    passwordHash: '$2b$04$hash',
    ...overrides,
  };
};

export function userRepositoryContract(makeRepository: () => UserRepository) {
  describe('UserRepository contract', () => {
    it('creates a user and finds it by id, without the hash', async () => {
      const repo = makeRepository();
      const input = newUser();
      const result = await repo.create(input);
      if (!result.created) throw new Error('not created');
      const { passwordHash: _hash, ...expected } = input;
      expect(result.user).toEqual({ ...expected, id: result.user.id });
      expect(await repo.findById(result.user.id)).toEqual(result.user);
      expect(Object.keys(result.user)).not.toContain('passwordHash');
    });

    it('answers null for an unknown id', async () => {
      expect(await makeRepository().findById(999_999)).toBeNull();
    });

    it('finds credentials by the canonical username, whatever the spelling', async () => {
      const repo = makeRepository();
      const input = newUser({ username: `MixedCase${n}` });
      await repo.create(input);
      const fullWidth = [...input.username].map((c) => String.fromCodePoint(c.codePointAt(0)! + 0xfee0)).join('');
      for (const spelling of [input.username.toUpperCase(), ` ${input.username.toLowerCase()} `, fullWidth]) {
        const found = await repo.findCredentialsByUsername(canonicalName(spelling));
        expect(found?.passwordHash, spelling).toBe(input.passwordHash);
        expect(found?.user.username).toBe(input.username);
      }
      expect(await repo.findCredentialsByUsername(canonicalName('nobody-here'))).toBeNull();
    });

    it('does not find an account under a capital dotted I (its canonical form is i + U+0307, not i)', async () => {
      const repo = makeRepository();
      const input = newUser({ username: `libby${n}` });
      await repo.create(input);
      expect(await repo.findCredentialsByUsername(canonicalName(input.username.replace('i', '\u0130')))).toBeNull();
      expect(await repo.findCredentialsByUsername(canonicalName(input.username.toUpperCase()))).not.toBeNull();
    });

    it('treats compatibility twins of an email or a username as taken', async () => {
      const repo = makeRepository();
      const tag = n;
      await repo.create(newUser({ username: `kelly${tag}`, email: `strasse${tag}@ufl.edu` }));
      // A full-width letter, and the sharp s for "ss", name the same address.
      for (const email of [`ｓtrasse${tag}@ufl.edu`, `STRAẞE${tag}@UFL.EDU`]) {
        expect(await repo.create(newUser({ email })), email).toEqual({ created: false, conflict: 'email' });
      }
      // The Kelvin sign folds to k.
      expect(await repo.create(newUser({ username: `\u212Aelly${tag}` }))).toEqual({ created: false, conflict: 'username' });
    });

    it('reports a taken email before a taken username, regardless of case', async () => {
      const repo = makeRepository();
      const first = newUser();
      await repo.create(first);
      expect(await repo.create(newUser({ email: first.email.toUpperCase(), username: first.username }))).toEqual({
        created: false,
        conflict: 'email',
      });
      expect(await repo.create(newUser({ username: first.username.toUpperCase() }))).toEqual({
        created: false,
        conflict: 'username',
      });
    });

    it('lets only one of two simultaneous sign-ups with the same canonical email win', async () => {
      const repo = makeRepository();
      const tag = n;
      const results = await Promise.all([repo.create(newUser({ email: `twin${tag}@ufl.edu` })), repo.create(newUser({ email: `ＴＷＩＮ${tag}@ufl.edu` }))]);
      expect(results.filter((r) => r.created)).toHaveLength(1);
      expect(results.find((r) => !r.created)).toEqual({ created: false, conflict: 'email' });
    });

    it('lets only one of two simultaneous sign-ups with the same username win', async () => {
      const repo = makeRepository();
      const username = `race${n}`;
      const results = await Promise.all([repo.create(newUser({ username })), repo.create(newUser({ username }))]);
      expect(results.filter((r) => r.created)).toHaveLength(1);
      expect(results.find((r) => !r.created)).toEqual({ created: false, conflict: 'username' });
    });
  });
}
