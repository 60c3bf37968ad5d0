// One behaviour for every UserRepository adapter.
import { describe, expect, it } from 'vitest';
import type { UserRepository } from '@application/ports/user-repository';
import { UserId } from '@domain/ids';
import { canonicalName } from '@domain/user/canonical-name';
import type { NewUser, User } from '@domain/user/user';

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

async function created(repo: UserRepository, overrides: Partial<NewUser> = {}): Promise<User> {
  const result = await repo.create(newUser(overrides));
  if (!result.created) throw new Error('not created');
  return result.user;
}

const HOUR = 3_600_000;

export function userRepositoryContract(makeRepository: () => UserRepository) {
  describe('UserRepository contract', () => {
    it('creates a user, unverified, and finds it by id, without the hash', async () => {
      const repo = makeRepository();
      const input = newUser();
      const result = await repo.create(input);
      if (!result.created) throw new Error('not created');
      const { passwordHash: _hash, ...expected } = input;
      expect(result.user).toEqual({ ...expected, id: result.user.id, emailVerified: false });
      expect(await repo.findById(result.user.id)).toEqual(result.user);
      expect(Object.keys(result.user)).not.toContain('passwordHash');
    });

    it('answers null for an unknown id', async () => {
      expect(await makeRepository().findById(UserId(999_999))).toBeNull();
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
      const results = await Promise.all([
        repo.create(newUser({ email: `twin${tag}@ufl.edu` })),
        repo.create(newUser({ email: `ＴＷＩＮ${tag}@ufl.edu` })),
      ]);
      expect(results.filter((r) => r.created)).toHaveLength(1);
      expect(results.find((r) => !r.created)).toEqual({ created: false, conflict: 'email' });
    });

    it('finds credentials by canonical email and by id', async () => {
      const repo = makeRepository();
      const user = await created(repo, { email: `Mixed${n}@UFL.edu`.toLowerCase() });
      expect((await repo.findCredentialsByEmail(canonicalName(user.email.toUpperCase())))?.user).toEqual(user);
      expect((await repo.findCredentialsById(user.id))?.passwordHash).toBe('$2b$04$hash');
      expect(await repo.findCredentialsByEmail(canonicalName('nobody@ufl.edu'))).toBeNull();
      expect(await repo.findCredentialsById(UserId(999_999))).toBeNull();
    });

    it('marks an address verified, once and for good', async () => {
      const repo = makeRepository();
      const user = await created(repo);
      expect(await repo.markEmailVerified(user.id)).toEqual({ verified: true, displaced: null });
      expect(await repo.markEmailVerified(user.id)).toEqual({ verified: true, displaced: null });
      expect((await repo.findById(user.id))?.emailVerified).toBe(true);
      expect(await repo.markEmailVerified(UserId(999_999))).toEqual({ verified: false, reason: 'no-account' });
    });

    it('lets claims wait beside the holder of an address, found by no address lookup; the first verified takes it', async () => {
      const repo = makeRepository();
      const holder = await created(repo);
      expect(await repo.create(newUser({ email: holder.email.toUpperCase() }))).toEqual({ created: false, conflict: 'email' });
      const claim = (username: string) => repo.create(newUser({ email: holder.email, username }), { claim: true });
      const [a, b] = [await claim(`claimA${n}`), await claim(`claimB${n}`)];
      if (!a.created || !b.created) throw new Error('not created');
      expect(a.user).toMatchObject({ email: holder.email, emailVerified: false });
      // Only the username must be free for a claim.
      expect(await claim(holder.username)).toEqual({ created: false, conflict: 'username' });
      expect((await repo.findCredentialsByEmail(canonicalName(holder.email)))?.user.id).toBe(holder.id);
      expect(await repo.findClaimable(canonicalName(holder.email), new Date(Date.now() + HOUR))).toBe(holder.id);
      expect(await repo.claimLost(a.user.id)).toBe(false);
      expect(await repo.claimLost(holder.id)).toBe(false);

      expect(await repo.markEmailVerified(b.user.id)).toEqual({ verified: true, displaced: holder.id });
      expect((await repo.findCredentialsByEmail(canonicalName(holder.email)))?.user.id).toBe(b.user.id);
      expect(await repo.findById(holder.id)).toMatchObject({ id: holder.id });
      // The displaced holder's own link, opened a moment later, verifies nothing: the claim was first.
      expect(await repo.markEmailVerified(holder.id)).toEqual({ verified: false, reason: 'claim-lost' });
      expect((await repo.findById(holder.id))?.emailVerified).toBe(false);
      expect(await repo.markEmailVerified(a.user.id)).toEqual({ verified: false, reason: 'claim-lost' });
      expect(await repo.claimLost(a.user.id)).toBe(true);
      expect((await repo.findById(a.user.id))?.emailVerified).toBe(false);
      // The address is the claim's now, also once the displaced account is deleted.
      await repo.markDeleted(holder.id);
      expect(await repo.create(newUser({ email: holder.email }))).toEqual({ created: false, conflict: 'email' });
    });

    it('lets a holder that verifies first keep its address, and a claim take an address nobody holds', async () => {
      const repo = makeRepository();
      const holder = await created(repo);
      const lost = await repo.create(newUser({ email: holder.email }), { claim: true });
      const free = await repo.create(newUser({ email: `gone${n}@ufl.edu` }), { claim: true });
      if (!lost.created || !free.created) throw new Error('not created');
      expect(await repo.markEmailVerified(holder.id)).toEqual({ verified: true, displaced: null });
      expect(await repo.markEmailVerified(lost.user.id)).toEqual({ verified: false, reason: 'claim-lost' });
      expect(await repo.markEmailVerified(free.user.id)).toEqual({ verified: true, displaced: null });
      expect((await repo.findCredentialsByEmail(canonicalName(free.user.email)))?.user.id).toBe(free.user.id);
    });

    it('gives the address to exactly one of a holder and two claims verifying at the same moment', async () => {
      const repo = makeRepository();
      for (let round = 0; round < 5; round++) {
        const holder = await created(repo);
        const claims = await Promise.all([1, 2].map(() => repo.create(newUser({ email: holder.email }), { claim: true })));
        const ids = [holder.id, ...claims.map((c) => (c.created ? c.user.id : UserId(0)))];
        const proofs = await Promise.all(ids.map((id) => repo.markEmailVerified(id)));
        const winners = ids.filter((_id, i) => proofs[i].verified);
        expect(winners, JSON.stringify(proofs)).toHaveLength(1);
        expect((await repo.findCredentialsByEmail(canonicalName(holder.email)))?.user.id).toBe(winners[0]);
        if (winners[0] !== holder.id) expect(proofs[ids.indexOf(winners[0])]).toEqual({ verified: true, displaced: holder.id });
      }
    });

    it('changes the password hash', async () => {
      const repo = makeRepository();
      const user = await created(repo);
      await repo.setPasswordHash(user.id, '$2b$04$other');
      expect((await repo.findCredentialsById(user.id))?.passwordHash).toBe('$2b$04$other');
    });

    it('updates the profile, and lets major and year be cleared', async () => {
      const repo = makeRepository();
      const user = await created(repo);
      const profile = { firstName: 'Alberta', lastName: "O'Gator", major: '', year: '' as const, bio: 'Line one\nline two' };
      expect(await repo.updateProfile(user.id, profile)).toEqual({ ...user, ...profile });
      expect(await repo.findById(user.id)).toEqual({ ...user, ...profile });
      expect(await repo.updateProfile(user.id, { ...profile, year: '4', major: 'Botany' })).toMatchObject({ year: '4', major: 'Botany' });
      expect(await repo.updateProfile(UserId(999_999), profile)).toBeNull();
      // Messages name their author as the profile says now.
      expect(await repo.authorsAmong([user.id])).toEqual(
        new Map([[user.id, { deleted: false, firstName: 'Alberta', lastName: "O'Gator" }]]),
      );
    });

    it('finds an address to claim only when its account never verified it and is old enough', async () => {
      const repo = makeRepository();
      const stale = await created(repo);
      const verified = await created(repo);
      await repo.markEmailVerified(verified.id);
      const later = new Date(Date.now() + HOUR);
      const earlier = new Date(Date.now() - HOUR);
      expect(await repo.findClaimable(canonicalName(stale.email), later)).toBe(stale.id);
      expect(await repo.findClaimable(canonicalName(stale.email), earlier)).toBeNull();
      expect(await repo.findClaimable(canonicalName(verified.email), later)).toBeNull();
      expect(await repo.findClaimable(canonicalName('nobody@ufl.edu'), later)).toBeNull();
    });

    it('turns a deleted account into a tombstone: found by no lookup, its email free, its username reserved, known as deleted', async () => {
      const repo = makeRepository();
      const gone = await created(repo);
      const stays = await created(repo);
      await repo.markDeleted(gone.id);
      await repo.markDeleted(gone.id);
      expect(await repo.findById(gone.id)).toBeNull();
      expect(await repo.findCredentialsById(gone.id)).toBeNull();
      expect(await repo.findCredentialsByUsername(canonicalName(gone.username))).toBeNull();
      expect(await repo.findCredentialsByEmail(canonicalName(gone.email))).toBeNull();
      expect(await repo.findCredentialsByUsername(canonicalName(`deleted:${gone.id}`))).toBeNull();
      expect(await repo.findClaimable(canonicalName(gone.email), new Date(Date.now() + HOUR))).toBeNull();
      expect(await repo.markEmailVerified(gone.id)).toEqual({ verified: false, reason: 'no-account' });
      expect(await repo.authorsAmong([gone.id, stays.id, UserId(999_999)])).toEqual(
        new Map([
          [gone.id, { deleted: true }],
          [stays.id, { deleted: false, firstName: stays.firstName, lastName: stays.lastName }],
        ]),
      );
      expect((await repo.authorsAmong([])).size).toBe(0);
      for (const username of [gone.username, gone.username.toUpperCase()]) {
        expect(await repo.create(newUser({ username })), username).toEqual({ created: false, conflict: 'username' });
        expect(await repo.create(newUser({ username }), { claim: true }), username).toEqual({ created: false, conflict: 'username' });
      }
      const again = await repo.create(newUser({ email: gone.email }));
      expect(again.created).toBe(true);
      expect(await repo.findById(stays.id)).toEqual(stays);
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
