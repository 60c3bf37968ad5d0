// Issue 14's use cases on in-memory adapters: the verification policy where
// students join, post and create; the links; reset, change, profile, deletion
// and claiming an address.
import { describe, expect, it, vi } from 'vitest';
import { AddClasses } from '../../application/courses/add-classes';
import { JoinCourse } from '../../application/courses/join-course';
import { EditChatMessage } from '../../application/chat/edit-chat-message';
import { PostChatMessage, PostingAllowance } from '../../application/chat/post-chat-message';
import { ReadChatMessages } from '../../application/chat/read-chat-messages';
import { CreateStudyGroup } from '../../application/study-groups/create-study-group';
import { JoinStudyGroup } from '../../application/study-groups/join-study-group';
import { LocalChatSignals } from '../../adapters/chat/local-chat-signals';
import { RoomNewest } from '../../adapters/chat/room-newest';
import { SignalHub } from '../../adapters/chat/signal-hub';
import type { EmailVerificationMode } from '../../application/accounts/email-verification';
import { EmailNotVerifiedError, LinkInvalidError, WrongPasswordError } from '../../domain/user/account-errors';
import { canonicalName } from '../../domain/user/canonical-name';
import { RateLimitedError, ValidationError } from '../../domain/errors';
import { InMemoryChatLog } from '../fakes/in-memory-chat-log';
import { InMemoryChatRoomAccess } from '../fakes/in-memory-chat-room-access';
import { NoOpMembershipChanges } from '../fakes/no-op-membership-changes';
import { accountWorld, PUBLIC_URL, type AccountWorld } from '../support/account-world';
import { sectionEntry } from '../support/catalog-entries';

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

/** The places a student joins, posts and creates, in one world with a course (id 1) and a group in it. */
async function participation(mode: EmailVerificationMode) {
  const world = accountWorld(mode);
  await world.catalog.upsert([sectionEntry({ courseNumber: 'COP3502C', name: 'Programming Fundamentals 1', classNumber: 12345, term: 'Fall 2025' })]);
  const access = new InMemoryChatRoomAccess(world.catalog, world.membership);
  const log = new InMemoryChatLog(world.clock.now);
  const signals = new LocalChatSignals(new SignalHub(), new RoomNewest());
  const allowance = new PostingAllowance(world.limiter);
  const owner = await student(world, 'owner');
  await world.users.markEmailVerified(owner.id);
  await world.membership.join(owner.id, 1);
  const group = await world.groups.create({ courseId: 1, ownerId: owner.id, name: 'G', description: 'D', isPublic: true });
  return {
    world,
    log,
    groupId: group.id,
    joinCourse: new JoinCourse(world.catalog, world.membership, world.verification, new NoOpMembershipChanges()),
    addClasses: new AddClasses(world.catalog, world.membership, world.verification, new NoOpMembershipChanges()),
    joinGroup: new JoinStudyGroup(world.membership, world.groups, world.verification, new NoOpMembershipChanges()),
    createGroup: new CreateStudyGroup(world.catalog, world.membership, world.groups, world.verification, new NoOpMembershipChanges()),
    post: new PostChatMessage(access, log, world.users, allowance, signals, world.verification),
    edit: new EditChatMessage(access, log, allowance, signals, world.verification, world.clock.now),
    read: new ReadChatMessages(access, log, world.formerMembers),
  };
}

describe('EMAIL_VERIFICATION=required', () => {
  it('refuses an unverified student joining, adding classes, creating, posting and editing, and changes nothing', async () => {
    const p = await participation('required');
    const id = (await student(p.world, 'newbie')).id;
    const refusals = [
      () => p.joinCourse.execute({ actingUserId: id, courseId: 1 }),
      () => p.addClasses.execute({ actingUserId: id, term: 'Fall 2025', classNumbers: [12345] }),
      () => p.joinGroup.execute({ actingUserId: id, groupId: p.groupId }),
    ];
    for (const attempt of refusals) await expect(attempt()).rejects.toBeInstanceOf(EmailNotVerifiedError);
    expect(await p.world.membership.courseIdsOf(id)).toEqual([]);
    expect((await p.world.groups.findById(p.groupId))?.members.map((m) => m.id)).not.toContain(id);

    // In the course already (it joined before verification was required): it may read, not post, edit or create.
    await p.world.membership.join(id, 1);
    await expect(p.createGroup.execute({ actingUserId: id, courseId: 1, name: 'Mine', description: 'D' })).rejects.toMatchObject({ code: 'EMAIL_NOT_VERIFIED', kind: 'forbidden' });
    await expect(p.post.execute({ actingUserId: id, room: { kind: 'course', id: 1 }, message: 'hi' })).rejects.toBeInstanceOf(EmailNotVerifiedError);
    const { message: own } = await p.log.append({ kind: 'course', id: 1 }, { userId: id, username: 'newbie', message: 'from before' });
    await expect(p.edit.execute({ actingUserId: id, room: { kind: 'course', id: 1 }, messageId: own.id, message: 'changed' })).rejects.toBeInstanceOf(EmailNotVerifiedError);
    expect((await p.read.execute({ actingUserId: id, room: { kind: 'course', id: 1 } })).map((m) => m.message)).toEqual(['from before']);
    expect(await p.world.groups.listByCourse(1)).toHaveLength(1);

    await p.world.users.markEmailVerified(id);
    await p.joinGroup.execute({ actingUserId: id, groupId: p.groupId });
    await p.post.execute({ actingUserId: id, room: { kind: 'course', id: 1 }, message: 'now verified' });
  });

  it('allows all of it when verification is optional', async () => {
    const p = await participation('optional');
    const id = (await student(p.world, 'newbie')).id;
    await p.joinCourse.execute({ actingUserId: id, courseId: 1 });
    await p.joinGroup.execute({ actingUserId: id, groupId: p.groupId });
    await p.createGroup.execute({ actingUserId: id, courseId: 1, name: 'Mine', description: 'D' });
    await p.post.execute({ actingUserId: id, room: { kind: 'course', id: 1 }, message: 'hi' });
  });
});

describe('verification links', () => {
  it('mails one link at sign-up; it verifies once; a resend replaces it; three resends an hour', async () => {
    const world = accountWorld();
    const user = await student(world, 'alice');
    expect(world.mailer.sent.map((m) => [m.kind, m.to.email, m.to.name])).toEqual([['verify-email', 'alice@ufl.edu', 'Alice Gator']]);
    expect(world.mailer.sent[0].link.startsWith(`${PUBLIC_URL}/verify-email?token=`)).toBe(true);
    const first = world.mailer.lastToken('alice@ufl.edu', 'verify-email');
    for (let i = 0; i < 3; i++) expect(await world.resend.execute({ actingUserId: user.id })).toEqual({ sent: true, emailVerified: false });
    await expect(world.resend.execute({ actingUserId: user.id })).rejects.toBeInstanceOf(RateLimitedError);
    await expect(world.verifyEmail.execute({ token: first })).rejects.toBeInstanceOf(LinkInvalidError);
    const newest = world.mailer.lastToken('alice@ufl.edu', 'verify-email');
    expect(await world.verifyEmail.execute({ token: newest })).toBe(user.id);
    expect((await world.users.findById(user.id))?.emailVerified).toBe(true);
    await expect(world.verifyEmail.execute({ token: newest })).rejects.toBeInstanceOf(LinkInvalidError);
    expect(await world.resend.execute({ actingUserId: user.id })).toEqual({ sent: false, emailVerified: true });
  });

  it('refuses a link after 24 hours', async () => {
    const world = accountWorld();
    await student(world, 'alice');
    world.clock.advance(24 * HOUR);
    await expect(world.verifyEmail.execute({ token: world.mailer.lastToken('alice@ufl.edu', 'verify-email') })).rejects.toBeInstanceOf(LinkInvalidError);
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
    await expect(world.resetPassword.execute({ token, password: '' })).rejects.toMatchObject({ field: 'password', message: 'Please enter password' });
    expect(await world.resetPassword.execute({ token, password: 'new-one-1' })).toBe(user.id);
    await expect(world.resetPassword.execute({ token, password: 'new-one-2' })).rejects.toBeInstanceOf(LinkInvalidError);
    expect(await world.sessions.get('laptop')).toBeNull();
    expect((await world.users.findById(user.id))?.emailVerified).toBe(true);
    expect((await world.logIn.execute({ username: 'alice', password: 'new-one-1', clientAddress: 'x' })).id).toBe(user.id);

    await world.requestReset.execute({ emailOrUsername: 'alice', clientAddress: '10.0.0.9' });
    world.clock.advance(HOUR);
    await expect(world.resetPassword.execute({ token: world.mailer.lastToken('alice@ufl.edu', 'reset-password'), password: 'late-1' })).rejects.toBeInstanceOf(LinkInvalidError);
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
    const change = (currentPassword: string) => world.changePassword.execute({ actingUserId: user.id, currentPassword, newPassword: 'new-one-1', clientAddress: 'x' });
    await expect(change('wrong')).rejects.toEqual(new WrongPasswordError('currentPassword'));
    expect(await world.sessions.get('phone')).not.toBeNull();
    await change('chomp-chomp-42');
    expect(await world.sessions.get('phone')).toBeNull();
    await expect(world.resetPassword.execute({ token: world.mailer.lastToken('alice@ufl.edu', 'reset-password'), password: 'x-1' })).rejects.toBeInstanceOf(LinkInvalidError);
  });

  it('edits the profile with the sign-up rules, clears major and year, keeps what is left out', async () => {
    const world = accountWorld();
    const user = await student(world, 'alice');
    await expect(world.updateProfile.execute({ actingUserId: user.id, lastName: '' })).rejects.toMatchObject({ field: 'lastName', message: 'Please enter last name' });
    const updated = await world.updateProfile.execute({ actingUserId: user.id, major: ' ', year: '', bio: ' Hello ' });
    expect(updated).toMatchObject({ firstName: 'Alice', major: '', year: '', bio: 'Hello', email: 'alice@ufl.edu', username: 'alice' });
  });

  it('deletes an account only with its password: groups hand over, sessions end, its messages read as "Former member"', async () => {
    const p = await participation('optional');
    const alice = await student(p.world, 'alice');
    await p.world.membership.join(alice.id, 1);
    const owned = await p.world.groups.create({ courseId: 1, ownerId: alice.id, name: 'A', description: 'D', isPublic: true });
    const bob = await student(p.world, 'bob');
    await p.world.membership.join(bob.id, 1);
    await p.world.groups.addMember(owned.id, bob.id);
    await p.post.execute({ actingUserId: alice.id, room: { kind: 'course', id: 1 }, message: 'bye' });
    await p.world.sessions.set('alice-phone', { userId: alice.id }, HOUR);

    await expect(p.world.deleteAccount.execute({ actingUserId: alice.id, password: 'nope', clientAddress: 'x' })).rejects.toBeInstanceOf(WrongPasswordError);
    await p.world.deleteAccount.execute({ actingUserId: alice.id, password: 'chomp-chomp-42', clientAddress: 'x' });
    expect(await p.world.users.findById(alice.id)).toBeNull();
    expect(await p.world.sessions.get('alice-phone')).toBeNull();
    expect(await p.world.membership.courseIdsOf(alice.id)).toEqual([]);
    expect((await p.world.groups.findById(owned.id))?.owner.id).toBe(bob.id);
    const [message] = await p.read.execute({ actingUserId: bob.id, room: { kind: 'course', id: 1 } });
    expect(message).toMatchObject({ message: 'bye', userId: alice.id, username: '', formerMember: true });
  });

  it('claims an address its account never verified once 24 hours have passed, not before, and never a verified one', async () => {
    const world = accountWorld();
    const stale = await student(world, 'stale');
    const kept = await student(world, 'kept');
    await world.users.markEmailVerified(kept.id);
    const again = (email: string, username = 'newcomer') => world.signUp.execute({ ...form(username), email });
    expect(await again('stale@ufl.edu')).toMatchObject({ ok: false, field: 'email' });
    world.clock.advance(24 * HOUR);
    // A username of someone else stops the claim before anything is deleted.
    expect(await again('stale@ufl.edu', 'kept')).toMatchObject({ ok: false, field: 'username' });
    expect(await world.users.findById(stale.id)).not.toBeNull();
    const claimed = await again('STALE@ufl.edu', 'stale');
    expect(claimed).toMatchObject({ ok: true, user: { username: 'stale', email: 'stale@ufl.edu', emailVerified: false } });
    expect(await world.users.findById(stale.id)).toBeNull();
    expect([...(await world.formerMembers.among([stale.id]))]).toEqual([stale.id]);
    expect(await again('kept@ufl.edu')).toMatchObject({ ok: false, field: 'email' });
    expect(await world.users.findCredentialsByEmail(canonicalName('kept@ufl.edu'))).not.toBeNull();
  });
});
