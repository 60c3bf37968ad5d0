// Study groups, their members and meetings (./meetings.ts), and the ways into a private group.
import * as z from 'zod/mini';
import { INVITE_LINK_HOURS, INVITE_LINK_USES } from '@domain/study-group/invite-links';
import { message } from './chat';
import { meeting } from './meetings';
import { member } from './members';
import { actingIds, described, id, optionalText, requestId, textField } from './primitives';

/** A student's standing with a group they are not in: invited by the owner, or asked to join. */
const joinRequestState = described(
  z.object({
    /** 'invite': the owner invited the student; 'request': the student asked. */
    kind: z.enum(['invite', 'request']),
    /** An invite is only ever pending (accepted: a member; declined: gone). A request may stay declined. */
    status: z.enum(['pending', 'declined']),
  }),
  { id: 'JoinRequestState' },
);

export const studyGroup = described(
  z.object({
    id,
    courseID: id,
    name: z.string(),
    description: z.string(),
    /** Anyone in the course may join a public group. */
    public: z.union([z.literal(1), z.literal(0)]),
    owner: member,
    /** The members other than the owner (the product shows size + 1). */
    size: z.int(),
    /**
     * Everyone, the owner included, in the order they joined. Empty in a
     * private group's answer to a student outside it (size still counts them).
     */
    members: z.array(member),
    /** Sunday..Saturday, then by time. Empty, like members, for a student outside a private group. */
    meetings: z.array(meeting),
    /** The most members it takes, the owner included: the owner's size limit, or the default cap. Full when size + 1 reaches it. */
    maxMembers: z.int(),
    /**
     * The signed-in student's standing invitation or request for this group:
     * an owner's invite waiting for their answer, their own request waiting
     * for the owner's, or their request the owner declined (they cannot ask
     * again; the owner can still invite them). Null otherwise (members too).
     */
    joinRequest: z.nullable(joinRequestState),
    /** Requests to join waiting for the owner's answer: counted for the owner (the badge), 0 for everyone else. */
    pendingRequests: z.int(),
  }),
  { id: 'StudyGroup' },
);

export const studyGroupPageAnswer = z.object({
  /** The signed-in student. */
  id,
  studyGroup,
  studyGroupMembers: z.array(member),
  studyGroupMeetings: z.array(meeting),
  /** The group chat's latest 50 messages, oldest first. */
  studyGroupMessages: z.array(message),
});

// Generous caps that only stop absurd payloads; domain/study-group gives the precise rules.
const name = optionalText(5_000);
const description = optionalText(20_000, { multiline: true });

// The spec sends public as 1 or 0; true and false mean the same.
const publicFlag = z.pipe(
  z.union([z.literal(1), z.literal(0), z.literal('1'), z.literal('0'), z.boolean()], { error: 'must be 1 or 0' }),
  z.transform((value: 1 | 0 | '1' | '0' | boolean) => value === true || Number(value) === 1),
);

export const createStudyGroupBody = z.object({ courseID: requestId, name, description, ...actingIds });

export const joinStudyGroupBody = z.object({ userID: actingIds.userID, studyGroupID: requestId });
export const joinStudyGroupAnswer = z.object({ studyGroupID: id, isMember: z.literal(true) });

/**
 * No userID (or the student's own): they leave. Another member's: the owner removes them.
 * nextOwnerID: when the owner leaves a group with other members, the member who
 * owns it next (left out: the longest-standing member, as the spec has it).
 */
export const leaveStudyGroupBody = z.object({ userID: z.optional(requestId), studyGroupID: requestId, nextOwnerID: z.optional(requestId) });
export const leaveStudyGroupAnswer = z.object({
  studyGroupID: id,
  userID: id,
  isMember: z.literal(false),
  groupDeleted: z.boolean(),
  /** The owner after the call; null when the group went with its last member. */
  ownerID: z.nullable(id),
});

export const updateStudyGroupBody = z.object({
  ownerID: actingIds.ownerID,
  studyGroupID: requestId,
  name,
  description,
  /** Left out: unchanged. */
  public: z.optional(publicFlag),
  /** The size limit, the owner included (2..the cap, and no fewer than the members now); left out: unchanged. */
  maxMembers: z.optional(z.int({ error: 'must be a whole number' })),
});

export type StudyGroup = z.infer<typeof studyGroup>;
export type LeaveStudyGroupAnswer = z.infer<typeof leaveStudyGroupAnswer>;

// Ways into a private group (issue 25): invite links, requests to join, and the owner's invites by username.

// How long an invite link works (INVITE_LINK_HOURS: an hour, a day, a week or
// 30 days) and how many may join through it (INVITE_LINK_USES, or no limit:
// null) are the domain's (domain/study-group/invite-links.ts), which the
// client imports as it does the other form rules.

const inviteLink = described(
  z.object({
    id,
    /** ISO 8601. */
    createdAt: z.string(),
    /** ISO 8601: the link stops working then. */
    expiresAt: z.string(),
    /** Null: no limit. */
    maxUses: z.nullable(z.int()),
    /** Students who joined through it. */
    uses: z.int(),
    /** Expired, used up and revoked links are not listed. */
  }),
  { id: 'InviteLink' },
);

const pendingStudent = described(
  z.object({
    student: member,
    /** ISO 8601: when they asked, or were invited. */
    since: z.string(),
  }),
  { id: 'PendingStudent' },
);

export const groupInvitationsAnswer = z.object({
  studyGroupID: id,
  /** The group's links that still work, newest first. */
  links: z.array(inviteLink),
  /** Students asking to join, oldest first: the owner accepts or declines each. */
  requests: z.array(pendingStudent),
  /** Classmates the owner invited who have not answered yet, oldest first. */
  invited: z.array(pendingStudent),
});

const hoursChoice = z.union(
  INVITE_LINK_HOURS.map((h) => z.literal(h)),
  { error: `must be one of ${INVITE_LINK_HOURS.join(', ')} (hours)` },
);
const usesChoice = z.nullable(
  z.union(
    INVITE_LINK_USES.map((n) => z.literal(n)),
    { error: `must be null (no limit) or one of ${INVITE_LINK_USES.join(', ')}` },
  ),
);

export const createInviteLinkBody = z.object({
  ownerID: actingIds.ownerID,
  studyGroupID: requestId,
  expiresInHours: z._default(hoursChoice, 168),
  maxUses: z._default(usesChoice, null),
});
export const createInviteLinkAnswer = z.object({
  link: inviteLink,
  /**
   * The link's secret: the page /invite/{token} joins the group. Shown this
   * once (the server keeps only its hash): the owner copies it now, or
   * makes another link later.
   */
  token: z.string(),
});

export const revokeInviteLinkBody = z.object({ ownerID: actingIds.ownerID, studyGroupID: requestId, linkID: requestId });
export const revokeInviteLinkAnswer = z.object({ linkID: id, revoked: z.literal(true) });

/** An invite link's token, as /invite/{token} carries it: base64url, 20 to 64 characters. */
const inviteToken = z.string({ error: 'must be a string' }).check(z.regex(/^[A-Za-z0-9_-]{20,64}$/, 'is not an invite link'));

export const inviteLinkQuery = z.object({ token: inviteToken });
/** What an invite link opens, before and after sign-in: the group and its course. Refused with 400 LINK_INVALID when the link does not work (any more). */
export const inviteLinkAnswer = z.object({
  studyGroup: z.object({
    id,
    name: z.string(),
    description: z.string(),
    /** Members, the owner included. */
    memberCount: z.int(),
    maxMembers: z.int(),
    owner: z.object({ first_name: z.string(), last_name: z.string() }),
  }),
  course: z.object({ id, code: z.string(), name: z.string(), term: z.string() }),
  /** Null for a visitor (the page asks them to sign in first). */
  viewer: z.nullable(
    z.object({
      isMember: z.boolean(),
      /** Joining through the link joins the course too when false. */
      isCourseMember: z.boolean(),
    }),
  ),
});

export const acceptInviteLinkBody = z.object({ token: inviteToken });
export const acceptInviteLinkAnswer = z.object({
  studyGroupID: id,
  courseID: id,
  isMember: z.literal(true),
  /** The student was not in the course and is now (at course level). */
  joinedCourse: z.boolean(),
});

/** A classmate asks to join a private group (a public one is joined instead). */
export const requestToJoinBody = z.object({ userID: actingIds.userID, studyGroupID: requestId });
export const requestToJoinAnswer = z.object({
  studyGroupID: id,
  /** True when an invite from the owner was waiting: asking accepted it. */
  isMember: z.boolean(),
  joinRequest: z.nullable(joinRequestState),
});

/** The asker takes back their pending request. */
export const withdrawJoinRequestBody = z.object({ userID: actingIds.userID, studyGroupID: requestId });
export const withdrawJoinRequestAnswer = z.object({ studyGroupID: id, joinRequest: z.null() });

/** The owner accepts or declines a student's request (studentID names the asker). */
export const answerJoinRequestBody = z.object({
  ownerID: actingIds.ownerID,
  studyGroupID: requestId,
  studentID: requestId,
  accept: z.boolean({ error: 'must be true or false' }),
});
export const answerJoinRequestAnswer = z.object({ studyGroupID: id, studentID: id, isMember: z.boolean() });

/** The owner invites a classmate (a student of the group's course) by username. */
export const inviteStudentBody = z.object({ ownerID: actingIds.ownerID, studyGroupID: requestId, username: textField(200) });
export const inviteStudentAnswer = z.object({
  studyGroupID: id,
  student: member,
  /** True when the classmate had asked to join: the invite accepted their request. */
  isMember: z.boolean(),
});

/** The owner takes back an invite that has not been answered. */
export const cancelInviteBody = z.object({ ownerID: actingIds.ownerID, studyGroupID: requestId, studentID: requestId });
export const cancelInviteAnswer = z.object({ studyGroupID: id, studentID: id, cancelled: z.literal(true) });

/** The invited student accepts (joins, private or not, within the size limit) or declines. */
export const answerInviteBody = z.object({
  userID: actingIds.userID,
  studyGroupID: requestId,
  accept: z.boolean({ error: 'must be true or false' }),
});
export const answerInviteAnswer = z.object({ studyGroupID: id, isMember: z.boolean() });

export type JoinRequestState = z.infer<typeof joinRequestState>;
export type InviteLink = z.infer<typeof inviteLink>;
export type PendingStudent = z.infer<typeof pendingStudent>;
export type GroupInvitationsAnswer = z.infer<typeof groupInvitationsAnswer>;
export type InviteLinkAnswer = z.infer<typeof inviteLinkAnswer>;
