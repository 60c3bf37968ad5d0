// What a course shows its members: Groups, Course Chat and Students, laid out
// by the width the course has (the dashboard gives it less than its own page).
import type { Course } from '../../../../../adapters/http/contract/courses';
import { ChatPanel } from '../../../features/chat/chat-panel';
import { useRefreshCoursePage, type CoursePageAnswer } from '../../../features/courses/api';
import { StudentsPanel } from '../../../features/courses/students-panel';
import { GroupsPanel } from '../../../features/study-groups/groups-panel';
import { useSessionStore } from '../../../lib/session-store';
import styles from './course-panels.module.css';

interface CoursePanelsProps {
  course: Course;
  page: CoursePageAnswer;
  headingLevel: 2 | 3;
}

export function CoursePanels({ course, page, headingLevel }: CoursePanelsProps) {
  const userId = useSessionStore((state) => state.currentUser?.id);
  // A chat the student lost shows once the course page is asked for again (group changes refresh it themselves).
  const refresh = useRefreshCoursePage(course.id);

  return (
    <div className={styles.panels}>
      <div className={styles.groups}>
        <GroupsPanel
          courseId={course.id}
          groups={page.courseStudyGroups}
          memberGroupIds={page.userStudyGroupIDs}
          isCourseMember={page.isMember}
          headingLevel={headingLevel}
        />
      </div>
      {userId !== undefined ? (
        <div className={styles.chat}>
          <ChatPanel
            room={{ kind: 'course', id: course.id }}
            userId={userId}
            roomName={course.name}
            initialMessages={page.courseMessages}
            headingLevel={headingLevel}
            onAccessLost={() => void refresh()}
          />
        </div>
      ) : null}
      <div className={styles.students}>
        <StudentsPanel members={page.courseMembers} headingLevel={headingLevel} />
      </div>
    </div>
  );
}
