// /study-group/{id}: the group's details, meetings and leave button on the
// left, its chat in the middle, its members on the right (on phones the
// details compact on top, Chat and Members as tabs); or why the student
// cannot see it (not a member, removed while it was open, no such group).
// Above the group's name, at every size, its course and the way back to it
// (the course as the student's dashboard lists it: a member of a group is
// one of its course). Its owner invites people from the Members panel.
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { ErrorLine } from '@web/components/error-line';
import { LoadingLine } from '@web/components/loading-line';
import { useTabs } from '@web/components/tabs';
import { ChatPanel } from '@web/features/chat/chat-panel';
import { useCoursePage, useDashboard } from '@web/features/courses/api';
import {
  useMarkRemovedFromGroup,
  useRefreshStudyGroup,
  useStudyGroupPage,
  type StudyGroupPageResult,
} from '@web/features/study-groups/api';
import { GroupDetailsPanel } from '@web/features/study-groups/group-details-panel';
import { GroupMembersPanel } from '@web/features/study-groups/group-members-panel';
import { GroupUnavailable } from '@web/features/study-groups/group-unavailable';
import { InvitePeopleDialog } from '@web/features/study-groups/invite-people-dialog';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { useMediaQuery } from '@web/lib/use-media-query';
import styles from './study-group-page.module.css';

const NOT_FOUND: StudyGroupPageResult = { kind: 'not-found' };

const SECTIONS = [
  { id: 'chat', label: 'Chat' },
  { id: 'members', label: 'Members' },
] as const;

function titleOf(result: StudyGroupPageResult | undefined): string {
  switch (result?.kind) {
    case 'found':
      return result.page.group.name;
    case 'not-found':
      return 'Study group not found';
    case 'not-member':
    case 'removed':
      return 'Not a member';
    default:
      return 'Study Group';
  }
}

export function StudyGroupPage() {
  const { studyGroupID = '' } = useParams();
  const groupId = /^\d{1,10}$/.test(studyGroupID) ? Number(studyGroupID) : 0;
  const query = useStudyGroupPage(groupId);
  const markRemoved = useMarkRemovedFromGroup(groupId);
  const refreshGroup = useRefreshStudyGroup(groupId);
  // An id that cannot be one names no group: nothing is asked.
  const result = groupId > 0 ? query.data : NOT_FOUND;
  useDocumentTitle(titleOf(result));
  const compact = useMediaQuery('sm-down');
  const tabs = useTabs(SECTIONS, { label: 'Group sections', enabled: compact });
  const dashboard = useDashboard();
  // The owner's Invite people suggests the course's students: their list is read once it opens.
  const [inviting, setInviting] = useState(false);
  const classmates = useCoursePage(result?.kind === 'found' ? result.page.group.courseID : 0, inviting).data?.courseMembers;

  if (!result) {
    return (
      <div className="page">
        {query.isError && !query.isFetching ? (
          <ErrorLine onRetry={() => void query.refetch()}>Could not load this study group.</ErrorLine>
        ) : (
          <LoadingLine>Loading study group...</LoadingLine>
        )}
      </div>
    );
  }
  if (result.kind !== 'found') return <GroupUnavailable reason={result.kind} />;

  const { group, userId, messages } = result.page;
  const course = dashboard.data?.courses.find((each) => each.id === group.courseID);
  return (
    <div className={`page ${styles.page}`}>
      <div className={styles.details}>
        <GroupDetailsPanel
          group={group}
          userId={userId}
          compact={compact}
          course={course ? { code: course.course_number, name: course.name } : undefined}
        />
      </div>
      {tabs.list}
      <div {...tabs.panel('chat', styles.chat)}>
        <ChatPanel
          room={{ kind: 'group', id: group.id }}
          userId={userId}
          roomName={group.name}
          initialMessages={messages}
          members={group.members}
          title="Group Chat"
          headingLevel={2}
          onAccessLost={markRemoved}
          onPageChanged={refreshGroup}
          canModerate={group.owner.id === userId}
        />
      </div>
      <div {...tabs.panel('members', styles.members)}>
        <GroupMembersPanel group={group} userId={userId} onInvite={() => setInviting(true)} />
      </div>
      {inviting && group.owner.id === userId ? (
        <InvitePeopleDialog group={group} ownerId={userId} classmates={classmates} onClose={() => setInviting(false)} />
      ) : null}
    </div>
  );
}
