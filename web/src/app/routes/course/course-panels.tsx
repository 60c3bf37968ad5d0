// What a course shows its members: Groups, Course Chat and Students. The chat
// leads: beside a column of groups and students where the course view is wide,
// under them where it is not, and on phones the three are tabs, Chat first.
import type { Course } from '@contract/courses';
import { useTabs } from '@web/components/tabs';
import { ChatPanel } from '@web/features/chat/chat-panel';
import { UnreadBadge } from '@web/features/chat/unread-badge';
import { useRefreshCoursePage, type CoursePageAnswer } from '@web/features/courses/api';
import { memberSections } from '@web/features/courses/member-sections';
import { StudentsPanel } from '@web/features/courses/students-panel';
import { GroupsPanel, type MoreGroups } from '@web/features/study-groups/groups-panel';
import { useMediaQuery } from '@web/lib/use-media-query';
import { useCurrentUser } from '@web/lib/session';
import styles from './course-panels.module.css';

const SECTIONS = [
  { id: 'chat', label: 'Chat' },
  { id: 'groups', label: 'Groups' },
  { id: 'students', label: 'Students' },
] as const;

interface CoursePanelsProps {
  course: Course;
  page: CoursePageAnswer;
  /** The later pages of the course's groups. */
  moreGroups: MoreGroups;
  headingLevel: 2 | 3;
}

export function CoursePanels({ course, page, moreGroups, headingLevel }: CoursePanelsProps) {
  const userId = useCurrentUser()?.id;
  // A chat the student lost shows once the course page is asked for again (group changes refresh it themselves).
  const refresh = useRefreshCoursePage(course.id);
  const tabs = useTabs(SECTIONS, { label: 'Course sections', enabled: useMediaQuery('sm-down') });

  return (
    <div className={styles.panels}>
      {tabs.list}
      <div {...tabs.panel('chat', styles.chat)}>
        {userId !== undefined ? (
          <ChatPanel
            room={{ kind: 'course', id: course.id }}
            userId={userId}
            roomName={course.name}
            initialMessages={page.courseMessages}
            members={page.courseMembers}
            profileExtra={memberSections}
            headingLevel={headingLevel}
            onAccessLost={() => void refresh()}
            onPageChanged={() => void refresh()}
          />
        ) : null}
      </div>
      <div className={styles.side}>
        <div {...tabs.panel('groups', styles.groups)}>
          <GroupsPanel
            courseId={course.id}
            groups={page.courseStudyGroups}
            more={moreGroups}
            memberGroupIds={page.userStudyGroupIDs}
            isCourseMember={page.isMember}
            headingLevel={headingLevel}
            badge={(id) => <UnreadBadge room={{ kind: 'group', id }} />}
          />
        </div>
        <div {...tabs.panel('students', styles.students)}>
          <StudentsPanel members={page.courseMembers} headingLevel={headingLevel} />
        </div>
      </div>
    </div>
  );
}
