// The trusted-account use cases on in-memory adapters: the verification policy where
// students join, post and create; the links; reset, change, profile, deletion
// claiming an address, and the cap on mails to one address.
import { describe, expect, it, vi } from 'vitest';
import { AddClasses } from '@application/courses/add-classes';
import { JoinCourse } from '@application/courses/join-course';
import { EditChatMessage } from '@application/chat/edit-chat-message';
import { PostChatMessage, PostingAllowance } from '@application/chat/post-chat-message';
import { ReadChatMessages } from '@application/chat/read-chat-messages';
import { CreateStudyGroup } from '@application/study-groups/create-study-group';
import { JoinStudyGroup } from '@application/study-groups/join-study-group';
import { LocalChatSignals } from '@adapters/chat/local-chat-signals';
import { RoomNewest } from '@adapters/chat/room-newest';
import { SignalHub } from '@adapters/chat/signal-hub';
import type { EmailVerificationMode } from '@application/accounts/email-verification';
import { ADDRESS_MAIL_RULE } from '@application/accounts/account-mailing';
import { RESET_LINK_INVALID_MESSAGE } from '@application/accounts/reset-password';
import { CourseId, type UserId } from '@domain/ids';
import { EmailClaimLostError, EmailNotVerifiedError, LinkInvalidError, WrongPasswordError } from '@domain/user/account-errors';
import { canonicalName } from '@domain/user/canonical-name';
import { RateLimitedError, ValidationError } from '@domain/errors';
import { InMemoryChatLog } from '@tests/fakes/in-memory-chat-log';
import { InMemoryChatRoomAccess } from '@tests/fakes/in-memory-chat-room-access';
import { RecordingGroupChanges } from '@tests/fakes/recording-group-changes';
import { NoOpMembershipChanges } from '@tests/fakes/no-op-membership-changes';
import { accountWorld, PUBLIC_URL, type AccountWorld } from '@tests/support/account-world';
import { sectionEntry } from '@tests/support/catalog-entries';

const HOUR = 3_600_000;
const form = (name: string) => ({
  firstName: 'Alice',
  lastName: 'Gator',
  major: 'Zoology',
  email: `${name}@ufl.edu`,
  username: name,
  password: 'chomp-chomp-42',
  year: '2',
  bio: '',
  clientAddress: '10.0.0.1',
});

async function student(world: AccountWorld, name: string) {
  const result = await world.signUp.execute(form(name));
  if (!result.ok) throw new Error(result.message);
  return result.user;
}

/** An account that never verified stale@ufl.edu, `hours` on, and sign-ups waiting to claim that address, each with its link. */
async function staleAddress(claimants: string[], hours = 24) {
  const world = accountWorld();
  const stale = await student(world, 'stale');
  world.clock.advance(hours * HOUR);
  const claims: { id: UserId; link: string }[] = [];
  for (const name of claimants) {
    const result = await world.signUp.execute({ ...form(name), email: 'stale@ufl.edu' });
    if (!result.ok) throw new Error(result.message);
    claims.push({ id: result.user.id, link: world.mailer.lastToken('stale@ufl.edu', 'verify-email') });
  }
  return { world, stale, claims };
}

/** The places a student joins, posts and creates, in one world with a course (id 1) and a group in it. */
async function participation(mode: EmailVerificationMode) {
  const world = accountWorld(mode);
  await world.catalog.upsert([
    sectionEntry({ courseNumber: 'COP3502C', name: 'Programming Fundamentals 1', classNumber: 12345, term: 'Fall 2025' }),
  ]);
  const access = new InMemoryChatRoomAccess(world.catalog, world.membership);
  const log = new InMemoryChatLog(world.clock.now);
  const signals = new LocalChatSignals(new SignalHub(), new RoomNewest());
  const allowance = new PostingAllowance(world.limiter);
  const owner = await student(world, 'owner');
  await world.users.markEmailVerified(owner.id);
  await world.membership.joinCourse(owner.id, CourseId(1));
  const group = await world.groups.create(
    { courseId: CourseId(1), ownerId: owner.id, name: 'G', description: 'D', isPublic: true },
    new Date(),
  );
  return {
    world,
    log,
    groupId: group.id,
    joinCourse: new JoinCourse(world.catalog, world.membership, world.verification, new NoOpMembershipChanges()),
    addClasses: new AddClasses(world.catalog, world.membership, world.verification, new NoOpMembershipChanges()),
    joinGroup: new JoinStudyGroup(
      world.membership,
      world.groups,
      world.verification,
      new NoOpMembershipChanges(),
      new RecordingGroupChanges(),
    ),
    createGroup: new CreateStudyGroup(
      world.catalog,
      world.membership,
      world.groups,
      world.verification,
      new NoOpMembershipChanges(),
      new RecordingGroupChanges(),
    ),
    post: new PostChatMessage(access, log, world.users, allowance, signals, world.verification, world.authors),
    edit: new EditChatMessage(access, log, allowance, signals, world.verification, world.authors, world.clock.now),
    read: new ReadChatMessages(access, log, world.authors),
  };
}

describe('EMAIL_VERIFICATION=required', () => {
  it('refuses an unverified student joining, adding classes, creating, posting and editing, and changes nothing', async () => {
    const p = await participation('required');
    const id = (await student(p.world, 'newbie')).id;
    const refusals = [
      () => p.joinCourse.execute({ actingUserId: id, courseId: CourseId(1) }),
      () => p.addClasses.execute({ actingUserId: id, term: 'Fall 2025', classNumbers: [12345] }),
      () => p.joinGroup.execute({ actingUserId: id, groupId: p.groupId }),
    ];
    for (const attempt of refusals) await expect(attempt()).rejects.toBeInstanceOf(EmailNotVerifiedError);
    expect(await p.world.membership.courseIdsOf(id)).toEqual([]);
    expect((await p.world.groups.findById(p.groupId))?.members.map((m) => m.id)).not.toContain(id);

    // In the course already (it joined before verification was required): it may read, not post, edit or create.
    await p.world.membership.joinCourse(id, CourseId(1));
    await expect(p.createGroup.execute({ actingUserId: id, courseId: CourseId(1), name: 'Mine', description: 'D' })).rejects.toMatchObject({
      code: 'EMAIL_NOT_VERIFIED',
      kind: 'forbidden',
    });
    await expect(p.post.execute({ actingUserId: id, room: { kind: 'course', id: 1 }, message: 'hi' })).rejects.toBeInstanceOf(
      EmailNotVerifiedError,
    );
    const { message: own } = await p.log.append({ kind: 'course', id: 1 }, { userId: id, username: 'newbie', message: 'from before' });
    await expect(
      p.edit.execute({ actingUserId: id, room: { kind: 'course', id: 1 }, messageId: own.id, message: 'changed' }),
    ).rejects.toBeInstanceOf(EmailNotVerifiedError);
    expect((await p.read.execute({ actingUserId: id, room: { kind: 'course', id: 1 } })).map((m) => m.message)).toEqual(['from before']);
    expect(await p.world.groups.groupsOfCourse(CourseId(1))).toHaveLength(1);

    await p.world.users.markEmailVerified(id);
    await p.joinGroup.execute({ actingUserId: id, groupId: p.groupId });
    await p.post.execute({ actingUserId: id, room: { kind: 'course', id: 1 }, message: 'now verified' });
  });

  it('allows all of it when verification is optional', async () => {
    const p = await participation('optional');
    const id = (await student(p.world, 'newbie')).id;
    await p.joinCourse.execute({ actingUserId: id, courseId: CourseId(1) });
    await p.joinGroup.execute({ actingUserId: id, groupId: p.groupId });
    await p.createGroup.execute({ actingUserId: id, courseId: CourseId(1), name: 'Mine', description: 'D' });
    await p.post.execute({ actingUserId: id, room: { kind: 'course', id: 1 }, message: 'hi' });
  });
});

describe('verification links', () => {
  it('mails one link at sign-up; it verifies once; a resend replaces it; three resends an hour', async () => {
    const world = accountWorld();
    const user = await student(world, 'alice');
    expect(world.mailer.sent.map((m) => [m.kind, m.to])).toEqual([['verify-email', { email: 'alice@ufl.edu' }]]);
    expect(world.mailer.sent[0].link.startsWith(`${PUBLIC_URL}/verify-email?token=`)).toBe(true);
    const first = world.mailer.lastToken('alice@ufl.edu', 'verify-email');
    for (let i = 0; i < 3; i++) expect(await world.resend.execute({ actingUserId: user.id })).toEqual({ sent: true, emailVerified: false });
    await expect(world.resend.execute({ actingUserId: user.id })).rejects.toBeInstanceOf(RateLimitedError);
    await expect(world.verifyEmail.execute({ token: first })).rejects.toBeInstanceOf(LinkInvalidError);
    const newest = world.mailer.lastToken('alice@ufl.edu', 'verify-email');
    expect(await world.verifyEmail.execute({ token: newest })).toEqual({ userId: user.id, alreadyVerified: false });
    expect((await world.users.findById(user.id))?.emailVerified).toBe(true);
    // Opened again: the address is verified, and the link says so; a replaced link still does not work.
    expect(await world.verifyEmail.execute({ token: newest })).toEqual({ userId: user.id, alreadyVerified: true });
    await expect(world.verifyEmail.execute({ token: first })).rejects.toBeInstanceOf(LinkInvalidError);
    expect(await world.resend.execute({ actingUserId: user.id })).toEqual({ sent: false, emailVerified: true });
  });

  it('refuses a link after 24 hours', async () => {
    const world = accountWorld();
    await student(world, 'alice');
    world.clock.advance(24 * HOUR);
    await expect(world.verifyEmail.execute({ token: world.mailer.lastToken('alice@ufl.edu', 'verify-email') })).rejects.toBeInstanceOf(
      LinkInvalidError,
    );
  });
});

describe('password reset', () => {
  it('mails a link for an address or a username, and answers the same for nobody', async () => {
    const world = accountWorld();
    await student(world, 'alice');
    const ask = (emailOrUsername: string) => world.requestReset.execute({ emailOrUsername, clientAddress: '10.0.0.9' });
    const answers = [await ask('ALICE@ufl.edu'), await ask('alice'), await ask('nobody@ufl.edu'), await ask('nobody')];
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(world.mailer.sent.filter((m) => m.kind === 'reset-password').map((m) => m.to.email)).toEqual(['alice@ufl.edu', 'alice@ufl.edu']);
    await expect(ask('  ')).rejects.toBeInstanceOf(ValidationError);
  });

  it('sets the new password once within the hour, verifies the address and ends every session', async () => {
    const world = accountWorld();
    const user = await student(world, 'alice');
    await world.sessions.set('laptop', { userId: user.id }, HOUR);
    await world.requestReset.execute({ emailOrUsername: 'alice', clientAddress: '10.0.0.9' });
    const token = world.mailer.lastToken('alice@ufl.edu', 'reset-password');
    await expect(world.resetPassword.execute({ token, password: '' })).rejects.toMatchObject({
      field: 'password',
      message: 'Please enter password',
    });
    expect(await world.resetPassword.execute({ token, password: 'new-one-1' })).toBe(user.id);
    await expect(world.resetPassword.execute({ token, password: 'new-one-2' })).rejects.toBeInstanceOf(LinkInvalidError);
    expect(await world.sessions.get('laptop')).toBeNull();
    expect((await world.users.findById(user.id))?.emailVerified).toBe(true);
    expect((await world.logIn.execute({ username: 'alice', password: 'new-one-1', clientAddress: 'x' })).id).toBe(user.id);

    await world.requestReset.execute({ emailOrUsername: 'alice', clientAddress: '10.0.0.9' });
    world.clock.advance(HOUR);
    await expect(
      world.resetPassword.execute({ token: world.mailer.lastToken('alice@ufl.edu', 'reset-password'), password: 'late-one-1' }),
    ).rejects.toBeInstanceOf(LinkInvalidError);
  });

  it('checks a link without using it up: usable until it is used, expired or its account deleted', async () => {
    const world = accountWorld();
    const user = await student(world, 'alice');
    const link = async () => {
      await world.requestReset.execute({ emailOrUsername: 'alice', clientAddress: '10.0.0.9' });
      return world.mailer.lastToken('alice@ufl.edu', 'reset-password');
    };
    const token = await link();
    await world.checkResetLink.execute({ token });
    await world.checkResetLink.execute({ token });
    await world.resetPassword.execute({ token, password: 'new-one-1' });
    await expect(world.checkResetLink.execute({ token })).rejects.toBeInstanceOf(LinkInvalidError);
    for (const made of ['made-up', ''])
      await expect(world.checkResetLink.execute({ token: made })).rejects.toBeInstanceOf(LinkInvalidError);

    const late = await link();
    world.clock.advance(HOUR);
    await expect(world.checkResetLink.execute({ token: late })).rejects.toMatchObject({
      code: 'LINK_INVALID',
      message: RESET_LINK_INVALID_MESSAGE,
    });

    const orphan = await link();
    await world.deleteAccount.execute({ actingUserId: user.id, password: 'new-one-1', clientAddress: 'x' });
    await expect(world.checkResetLink.execute({ token: orphan })).rejects.toBeInstanceOf(LinkInvalidError);
  });

  it('spends no password hash on a link that does not work (the call is public and hashing is the costly part)', async () => {
    const world = accountWorld();
    await student(world, 'alice');
    const hashes = vi.spyOn(world.hasher, 'hash');
    for (const token of ['made-up', 'x'.repeat(43), '']) {
      await expect(world.resetPassword.execute({ token, password: 'valid-pass-1' })).rejects.toBeInstanceOf(LinkInvalidError);
    }
    expect(hashes).not.toHaveBeenCalled();
  });
});

describe('change password, profile, deletion', () => {
  it('changes the password only with the current one, ends every session and the pending reset link', async () => {
    const world = accountWorld();
    const user = await student(world, 'alice');
    await world.sessions.set('phone', { userId: user.id }, HOUR);
    await world.requestReset.execute({ emailOrUsername: 'alice', clientAddress: '10.0.0.9' });
    const change = (currentPassword: string) =>
      world.changePassword.execute({ actingUserId: user.id, currentPassword, newPassword: 'new-one-1', clientAddress: 'x' });
    await expect(change('wrong')).rejects.toEqual(new WrongPasswordError('currentPassword'));
    expect(await world.sessions.get('phone')).not.toBeNull();
    await change('chomp-chomp-42');
    expect(await world.sessions.get('phone')).toBeNull();
    await expect(
      world.resetPassword.execute({ token: world.mailer.lastToken('alice@ufl.edu', 'reset-password'), password: 'x-other-1' }),
    ).rejects.toBeInstanceOf(LinkInvalidError);
  });

  it('edits the profile with the sign-up rules, clears major and year, keeps what is left out', async () => {
    const world = accountWorld();
    const user = await student(world, 'alice');
    await expect(world.updateProfile.execute({ actingUserId: user.id, lastName: '' })).rejects.toMatchObject({
      field: 'lastName',
      message: 'Please enter last name',
    });
    const updated = await world.updateProfile.execute({ actingUserId: user.id, major: ' ', year: '', bio: ' Hello ' });
    expect(updated).toMatchObject({ firstName: 'Alice', major: '', year: '', bio: 'Hello', email: 'alice@ufl.edu', username: 'alice' });
  });

  it('deletes an account only with its password: groups hand over, sessions and the calendar address end, its messages read as "Former member"', async () => {
    const p = await participation('optional');
    const alice = await student(p.world, 'alice');
    await p.world.membership.joinCourse(alice.id, CourseId(1));
    const owned = await p.world.groups.create(
      { courseId: CourseId(1), ownerId: alice.id, name: 'A', description: 'D', isPublic: true },
      new Date(),
    );
    const bob = await student(p.world, 'bob');
    await p.world.membership.joinCourse(bob.id, CourseId(1));
    await p.world.groups.addMember(owned.id, bob.id);
    await p.post.execute({ actingUserId: alice.id, room: { kind: 'course', id: 1 }, message: 'bye' });
    await p.world.sessions.set('alice-phone', { userId: alice.id }, HOUR);
    const feed = await p.world.calendarFeeds.create(alice.id, new Date());

    await expect(p.world.deleteAccount.execute({ actingUserId: alice.id, password: 'nope', clientAddress: 'x' })).rejects.toBeInstanceOf(
      WrongPasswordError,
    );
    await p.world.deleteAccount.execute({ actingUserId: alice.id, password: 'chomp-chomp-42', clientAddress: 'x' });
    expect(await p.world.users.findById(alice.id)).toBeNull();
    expect(await p.world.sessions.get('alice-phone')).toBeNull();
    expect(await p.world.calendarFeeds.ownerOf(feed.token)).toBeNull();
    expect(await p.world.membership.courseIdsOf(alice.id)).toEqual([]);
    expect((await p.world.groups.findById(owned.id))?.owner.id).toBe(bob.id);
    const [message] = await p.read.execute({ actingUserId: bob.id, room: { kind: 'course', id: 1 } });
    expect(message).toMatchObject({ message: 'bye', userId: alice.id, username: '', formerMember: true });
  });

  it('lets a sign-up wait for an address its account never verified after 24 hours; the old account keeps it until the new link is opened', async () => {
    const world = accountWorld();
    const stale = await student(world, 'stale');
    const kept = await student(world, 'kept');
    await world.users.markEmailVerified(kept.id);
    const again = (email: string, username = 'newcomer') => world.signUp.execute({ ...form(username), email });
    expect(await again('stale@ufl.edu')).toMatchObject({ ok: false, field: 'email' });
    world.clock.advance(24 * HOUR);
    // The old account's username is its own; the name of someone else is refused as ever.
    expect(await again('stale@ufl.edu', 'STALE')).toMatchObject({ ok: false, field: 'username' });
    expect(await again('stale@ufl.edu', 'kept')).toMatchObject({ ok: false, field: 'username' });
    const claimed = await again('STALE@ufl.edu');
    if (!claimed.ok) throw new Error(claimed.message);
    expect(claimed.user).toMatchObject({ username: 'newcomer', email: 'stale@ufl.edu', emailVerified: false });
    await world.sessions.set('stale-laptop', { userId: stale.id }, HOUR);

    // Untouched until the link is opened: found, signs in, holds the address, its session lives.
    expect(await world.users.findById(stale.id)).toMatchObject({ email: 'stale@ufl.edu', emailVerified: false });
    expect((await world.logIn.execute({ username: 'stale', password: 'chomp-chomp-42', clientAddress: 'x' })).id).toBe(stale.id);
    expect((await world.users.findCredentialsByEmail(canonicalName('stale@ufl.edu')))?.user.id).toBe(stale.id);
    expect(await world.users.claimLost(claimed.user.id)).toBe(false);

    expect(await world.verifyEmail.execute({ token: world.mailer.lastToken('stale@ufl.edu', 'verify-email') })).toEqual({
      userId: claimed.user.id,
      alreadyVerified: false,
    });
    expect(await world.users.findById(claimed.user.id)).toMatchObject({ emailVerified: true });
    expect(await world.users.findById(stale.id)).toBeNull();
    expect(await world.sessions.get('stale-laptop')).toBeNull();
    expect([...(await world.authors.among([stale.id]))]).toEqual([[stale.id, { deleted: true }]]);
    expect((await world.users.findCredentialsByEmail(canonicalName('stale@ufl.edu')))?.user.id).toBe(claimed.user.id);
    // The retired account's name stays reserved; a verified address is never claimed.
    expect(await again('other@ufl.edu', 'stale')).toMatchObject({ ok: false, field: 'username' });
    expect(await again('kept@ufl.edu', 'keeper')).toMatchObject({ ok: false, field: 'email' });
  });

  it('keeps the address with the old account if it verifies first: the claim is lost, told at the next link or Resend', async () => {
    const { world, stale, claims } = await staleAddress(['claimant'], 25);
    const [claim] = claims;
    // The old account asks for a new link (its first expired) and opens it first.
    await world.resend.execute({ actingUserId: stale.id });
    expect(await world.verifyEmail.execute({ token: world.mailer.lastToken('stale@ufl.edu', 'verify-email') })).toEqual({
      userId: stale.id,
      alreadyVerified: false,
    });
    expect(await world.users.claimLost(claim.id)).toBe(true);
    await expect(world.verifyEmail.execute({ token: claim.link })).rejects.toBeInstanceOf(EmailClaimLostError);
    const sent = world.mailer.sent.length;
    await expect(world.resend.execute({ actingUserId: claim.id })).rejects.toMatchObject({ code: 'EMAIL_CLAIM_LOST', kind: 'conflict' });
    expect(world.mailer.sent).toHaveLength(sent);
    expect(await world.users.findById(stale.id)).toMatchObject({ emailVerified: true });
    expect(await world.users.findById(claim.id)).toMatchObject({ emailVerified: false });
  });

  it('gives the address to the first of two claims whose link is opened; a reset link proves the mailbox as well', async () => {
    const { world, stale, claims } = await staleAddress(['first', 'second']);
    // The second claimer forgot its password: the reset link reached the mailbox, so it takes the address.
    await world.requestReset.execute({ emailOrUsername: 'second', clientAddress: '10.0.0.9' });
    expect(
      await world.resetPassword.execute({ token: world.mailer.lastToken('stale@ufl.edu', 'reset-password'), password: 'second-pass-1' }),
    ).toBe(claims[1].id);
    expect(await world.users.findById(claims[1].id)).toMatchObject({ emailVerified: true });
    expect(await world.users.findById(stale.id)).toBeNull();
    await expect(world.verifyEmail.execute({ token: claims[0].link })).rejects.toBeInstanceOf(EmailClaimLostError);
    // A reset by address reaches the holder only.
    await world.requestReset.execute({ emailOrUsername: 'stale@ufl.edu', clientAddress: '10.0.0.9' });
    expect(await world.tokens.consume(world.mailer.lastToken('stale@ufl.edu', 'reset-password'), 'reset-password')).toBe(claims[1].id);
  });

  it("takes an address nobody holds any more when the claim's link is opened", async () => {
    const { world, stale, claims } = await staleAddress(['claimant']);
    await world.deleteAccount.execute({ actingUserId: stale.id, password: 'chomp-chomp-42', clientAddress: 'x' });
    expect(await world.verifyEmail.execute({ token: claims[0].link })).toEqual({ userId: claims[0].id, alreadyVerified: false });
    expect((await world.users.findCredentialsByEmail(canonicalName('stale@ufl.edu')))?.user.id).toBe(claims[0].id);
  });

  it(`mails one address at most ${ADDRESS_MAIL_RULE.points} times an hour, whichever accounts ask; sign-up and reset go on without a mail`, async () => {
    const { world, stale, claims } = await staleAddress(['one', 'two']);
    const ids = [stale.id, ...claims.map((c) => c.id)];
    // 3 sign-up mails, then Resend: 3 each for the first two accounts and 1 for the third make 10.
    for (const [id, times] of [
      [ids[0], 3],
      [ids[1], 3],
      [ids[2], 1],
    ] as const) {
      for (let i = 0; i < times; i++)
        expect(await world.resend.execute({ actingUserId: id })).toEqual({ sent: true, emailVerified: false });
    }
    expect(world.mailer.sent).toHaveLength(ADDRESS_MAIL_RULE.points);
    await expect(world.resend.execute({ actingUserId: ids[2] })).rejects.toMatchObject({
      code: 'RATE_LIMITED',
      message: 'Too many emails to this address. Try again in 60 minutes.',
    });
    expect((await world.signUp.execute({ ...form('three'), email: 'stale@ufl.edu' })).ok).toBe(true);
    await world.requestReset.execute({ emailOrUsername: 'stale', clientAddress: '10.0.0.9' });
    expect(world.mailer.sent).toHaveLength(ADDRESS_MAIL_RULE.points);
  });
});
