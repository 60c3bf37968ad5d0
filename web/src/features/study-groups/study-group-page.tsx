// /study-group/{id}: the group's details, meetings and leave button on the
// left, its chat in the middle, its members on the right; owner-only controls
// to edit the group, schedule, change and cancel meetings and remove members.
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ErrorLine } from '../../components/error-line';
import { Icon } from '../../components/icon';
import { LoadingLine } from '../../components/loading-line';
import { ApiError } from '../../lib/api-error';
import { formatTime12 } from '../../lib/time-of-day';
import { useDocumentTitle } from '../../lib/use-document-title';
import { usePendingAction } from '../../lib/use-pending-action';
import { useSignOutWhenExpired } from '../../lib/use-sign-out-when-expired';
import { ChatPanel } from '../chat/chat-panel';
import type { Member } from '../../../../adapters/http/contract/members';
import {
  calendarPath,
  cancelMeeting,
  fetchStudyGroupPage,
  leaveStudyGroup,
  removeGroupMember,
  scheduleMeeting,
  updateMeeting,
  type MeetingFields,
  type StudyGroupPage as GroupPage,
} from './api';
import { GroupMembersPanel } from './group-members-panel';
import { MeetingModal } from './meeting-modal';
import type { Meeting, StudyGroup } from '../../../../adapters/http/contract/study-groups';
import { compareMeetings } from '../../../../domain/study-group/meeting-rules';
import { UpdateGroupModal } from './update-group-modal';

type Load =
  | { status: 'loading' }
  | { status: 'failed' }
  | { status: 'not-found' }
  | { status: 'not-member' }
  /** Was a member while the page was open: removed by the owner, or left the course elsewhere. */
  | { status: 'removed' }
  | { status: 'ready'; page: GroupPage };

const LOST_RIGHTS = new Set(['NOT_GROUP_OWNER', 'NOT_GROUP_MEMBER', 'STUDY_GROUP_NOT_FOUND', 'MEETING_NOT_FOUND', 'USER_NOT_IN_GROUP']);
const LEAVE_FAILED = 'Could not leave this group. Please try again.';

type OpenModal = { kind: 'edit-group' } | { kind: 'schedule' } | { kind: 'meeting'; meeting: Meeting } | { kind: 'leave-alone' } | null;

export function StudyGroupPage() {
  const { studyGroupID = '' } = useParams();
  const groupId = /^\d{1,10}$/.test(studyGroupID) ? Number(studyGroupID) : 0;
  const navigate = useNavigate();
  const signOutWhenExpired = useSignOutWhenExpired();
  const [load, setLoad] = useState<Load>(groupId > 0 ? { status: 'loading' } : { status: 'not-found' });
  const [modal, setModal] = useState<OpenModal>(null);
  const leaving = usePendingAction();
  const latestRequest = useRef(0);
  const titleId = useId();
  const meetingsId = useId();

  const title =
    load.status === 'ready' ? load.page.group.name : load.status === 'not-found' ? 'Study group not found' : load.status === 'not-member' || load.status === 'removed' ? 'Not a member' : 'Study Group';
  useDocumentTitle(title);

  const reload = useCallback(async (): Promise<void> => {
    if (groupId <= 0) return;
    const request = ++latestRequest.current;
    try {
      const result = await fetchStudyGroupPage(groupId);
      if (request !== latestRequest.current) return;
      setLoad((current) => {
        if (result.kind === 'found') return { status: 'ready', page: result.page };
        if (result.kind === 'not-member' && (current.status === 'ready' || current.status === 'removed')) return { status: 'removed' };
        return { status: result.kind };
      });
    } catch (error) {
      if (request !== latestRequest.current || signOutWhenExpired(error)) return;
      console.error('Could not load the study group', error);
      setLoad((current) => (current.status === 'ready' ? current : { status: 'failed' }));
    }
  }, [groupId, signOutWhenExpired]);

  useEffect(() => {
    void reload();
    return () => {
      latestRequest.current += 1;
    };
  }, [reload]);

  if (load.status === 'loading') {
    return (
      <div className="page">
        <LoadingLine>Loading study group...</LoadingLine>
      </div>
    );
  }
  if (load.status === 'failed') {
    return (
      <div className="page">
        <ErrorLine
          onRetry={() => {
            setLoad({ status: 'loading' });
            void reload();
          }}
        >
          Could not load this study group.
        </ErrorLine>
      </div>
    );
  }
  if (load.status === 'not-found' || load.status === 'not-member' || load.status === 'removed') {
    return <GroupUnavailable reason={load.status} />;
  }

  const { page } = load;
  const { group, userId } = page;
  const isOwner = group.owner.id === userId;

  function setGroup(change: (group: StudyGroup) => StudyGroup) {
    setLoad((current) => (current.status === 'ready' ? { status: 'ready', page: { ...current.page, group: change(current.page.group) } } : current));
  }

  /**
   * Runs an action for a modal, which shows why it failed and keeps what was typed.
   * A refusal because the student lost their place meanwhile (removed, no longer
   * owner, group gone) also re-reads the page.
   */
  async function attempt(action: () => Promise<void>): Promise<void> {
    try {
      await action();
    } catch (error) {
      if (signOutWhenExpired(error)) return;
      if (error instanceof ApiError && LOST_RIGHTS.has(error.code ?? '')) void reload();
      throw error;
    }
  }

  async function addMeeting(fields: MeetingFields) {
    const meeting = await scheduleMeeting(userId, group.id, fields);
    // The list updates at once from the answer.
    setGroup((current) => ({ ...current, meetings: [...current.meetings, meeting].sort(compareMeetings) }));
    setModal(null);
  }

  async function changeMeeting(meetingId: number, fields: MeetingFields) {
    await updateMeeting(userId, group.id, meetingId, fields);
    setModal(null);
    await reload();
  }

  async function deleteMeeting(meetingId: number) {
    await cancelMeeting(userId, group.id, meetingId);
    setGroup((current) => ({ ...current, meetings: current.meetings.filter((meeting) => meeting.id !== meetingId) }));
    setModal(null);
    await reload();
  }

  async function removeMember(member: Member) {
    await removeGroupMember(member.id, group.id);
    setGroup((current) => ({
      ...current,
      members: current.members.filter((m) => m.id !== member.id),
      size: Math.max(0, current.size - 1),
    }));
    await reload();
  }

  async function leave() {
    await leaveStudyGroup(group.id);
    navigate('/');
  }


  const aloneAsOwner = isOwner && group.members.length === 1;

  return (
    <div className="page group-page">
      <section className="group-page__details" aria-labelledby={titleId}>
        <div className="group-page__title-row">
          <h1 className="group-page__name" id={titleId}>
            {group.name}
          </h1>
          {isOwner ? (
            <button
              type="button"
              className="icon-button icon-button--outline"
              aria-label="Edit group"
              title="Edit group"
              aria-haspopup="dialog"
              onClick={() => setModal({ kind: 'edit-group' })}
            >
              <Icon name="pencil" />
            </button>
          ) : null}
        </div>
        {!group.public ? (
          <p className="group-modal__private">
            <Icon name="lock" size={16} /> Private group
          </p>
        ) : null}
        <p className="group-page__description">{group.description}</p>

        <div className="group-page__meetings-header">
          <h2 className="panel__title" id={meetingsId}>
            Meetings
          </h2>
          {isOwner ? (
            <button
              type="button"
              className="icon-button icon-button--accent"
              aria-label="Schedule a meeting"
              title="Schedule a meeting"
              aria-haspopup="dialog"
              onClick={() => setModal({ kind: 'schedule' })}
            >
              <Icon name="plus" />
            </button>
          ) : null}
        </div>
        {group.meetings.length === 0 ? (
          <p className="panel__muted">No meetings scheduled yet.</p>
        ) : (
          <ul className="meeting-list" aria-labelledby={meetingsId}>
            {group.meetings.map((meeting) => (
              <li key={meeting.id} className="meeting-list__item">
                <p className="meeting-list__when">
                  <span className="meeting-list__day">{meeting.day}</span> <span className="meeting-list__time">{formatTime12(meeting.time)}</span>
                </p>
                <p className="meeting-list__location">@ {meeting.location}</p>
                {isOwner ? (
                  <button
                    type="button"
                    className="icon-button meeting-list__edit"
                    aria-label={`Edit meeting on ${meeting.day} at ${formatTime12(meeting.time)}`}
                    title="Edit meeting"
                    aria-haspopup="dialog"
                    onClick={() => setModal({ kind: 'meeting', meeting })}
                  >
                    <Icon name="pencil" size={18} />
                  </button>
                ) : null}
              </li>
            ))}
          </ul>
        )}
        <a className="button button--outline button--small group-page__calendar" href={calendarPath(group.id)} download>
          <Icon name="calendar" size={18} /> Add to calendar
        </a>

        <button
          type="button"
          className="button button--danger-outline group-page__leave"
          onClick={() => (aloneAsOwner ? setModal({ kind: 'leave-alone' }) : void leaving.run('submit', () => attempt(leave), LEAVE_FAILED))}
          aria-disabled={leaving.pending !== null}
        >
          Leave Group
        </button>
        {leaving.error ? (
          <p className="form-error group-page__error" role="alert">
            {leaving.error}
          </p>
        ) : null}
      </section>

      <ChatPanel
        room={{ kind: 'group', id: group.id }}
        userId={userId}
        roomName={group.name}
        initialMessages={page.messages}
        title="Group Chat"
        headingLevel={2}
        onAccessLost={() => setLoad({ status: 'removed' })}
      />

      <GroupMembersPanel
        group={group}
        userId={userId}
        onRemove={(member) => attempt(() => removeMember(member))}
      />

      {modal?.kind === 'edit-group' ? (
        <UpdateGroupModal
          group={group}
          ownerId={userId}
          onClose={() => setModal(null)}
          onSaved={(saved) => {
            setGroup(() => saved);
            setModal(null);
          }}
        />
      ) : null}
      {modal?.kind === 'schedule' ? (
        <MeetingModal
          onClose={() => setModal(null)}
          onSave={(fields) => attempt(() => addMeeting(fields))}
        />
      ) : null}
      {modal?.kind === 'meeting' ? (
        <MeetingModal
          key={modal.meeting.id}
          meeting={modal.meeting}
          onClose={() => setModal(null)}
          onSave={(fields) => attempt(() => changeMeeting(modal.meeting.id, fields))}
          onDelete={() => attempt(() => deleteMeeting(modal.meeting.id))}
        />
      ) : null}
      {modal?.kind === 'leave-alone' ? (
        <ConfirmDialog
          title="Leave and delete the group?"
          message={`You are the only member of ${group.name}. Leaving deletes the group, its meetings and its chat.`}
          confirmLabel="Leave Group"
          failedMessage={LEAVE_FAILED}
          onClose={() => setModal(null)}
          onConfirm={() => attempt(leave)}
        />
      ) : null}
    </div>
  );
}

const UNAVAILABLE = {
  'not-member': {
    title: 'You are not a member of this group',
    text: 'Only members can see a study group’s page. You can join a public group from its course page.',
  },
  removed: {
    title: 'You are no longer a member of this group',
    text: 'You were removed from this group, or left it or its course in another tab. Its page and chat are for members only.',
  },
  'not-found': {
    title: 'Study group not found',
    text: 'There is no study group at this address. It may have been deleted when its last member left.',
  },
} as const;

/** What a student outside the group (or a removed member) sees instead of the page. */
function GroupUnavailable({ reason }: { reason: keyof typeof UNAVAILABLE }) {
  return (
    <div className="page page--narrow">
      <div className="notice" role={reason === 'removed' ? 'alert' : undefined}>
        <h1 className="notice__title">{UNAVAILABLE[reason].title}</h1>
        <p className="notice__text">{UNAVAILABLE[reason].text}</p>
        <Link to="/" className="button button--primary">
          Back to your dashboard
        </Link>
      </div>
    </div>
  );
}
