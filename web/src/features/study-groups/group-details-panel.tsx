// The left column of a group's page: its name (with the owner's edit
// button), privacy, description, weekly meetings, the calendar download and
// subscription (Subscribe), and Leave Group, which asks first (the owner picks
// who owns the group next) and takes the student home. Compact (phones), all but the
// name are behind a "Group details" chevron, so the chat below gets the room.
// Above the name, at every size, the group's course, a link back to it.
import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { StudyGroup } from '@contract/study-groups';
import { DisclosureButton } from '@web/components/disclosure-button';
import { Icon } from '@web/components/icon';
import { messageForStudent } from '@web/lib/api-error';
import { calendarPath, useLeaveStudyGroup } from './api';
import styles from './group-details-panel.module.css';
import { GroupPageModals, type GroupPageModal } from './group-page-modals';
import { LEAVE_FAILED } from './leave-group-dialog';
import { MeetingList } from './meeting-list';
import { PrivateGroupNote } from './private-group-note';

interface GroupDetailsPanelProps {
  group: StudyGroup;
  userId: number;
  compact?: boolean;
  /** The group's course, named in the link back to it; undefined while unknown (the link says "Back to the course"). */
  course?: { code: string; name: string };
}

export function GroupDetailsPanel({ group, userId, compact = false, course }: GroupDetailsPanelProps) {
  const titleId = useId();
  const bodyId = useId();
  const [expanded, setExpanded] = useState(false);
  const navigate = useNavigate();
  const leave = useLeaveStudyGroup();
  const [modal, setModal] = useState<GroupPageModal | null>(null);
  const isOwner = group.owner.id === userId;

  function show(next: GroupPageModal | null) {
    leave.reset();
    setModal(next);
  }

  function leaveGroup(nextOwnerId?: number) {
    if (leave.isPending) return;
    // Home once the leave is answered, even if this panel is gone by then: the
    // group's chat may hear of the leave first and put the page's
    // "no longer a member" notice in its place, and a callback given to
    // mutate() is dropped with its component. A refusal shows beside the
    // button (leave.error).
    // From the confirmation, home takes the place of its history entry (see useBackCloses).
    const fromModal = modal !== null;
    leave.mutateAsync({ groupId: group.id, nextOwnerId }).then(
      () => navigate('/', { replace: fromModal }),
      () => {},
    );
  }

  return (
    <section className={styles.details} aria-labelledby={titleId}>
      <Link to={`/course/${group.courseID}`} className={styles.course}>
        <Icon name="arrow-left" size={16} />
        {course ? (
          <span>
            <span className="visually-hidden">Course: </span>
            <span className={styles.courseCode}>{course.code}</span> {course.name}
          </span>
        ) : (
          <span>Back to the course</span>
        )}
      </Link>
      <div className={styles.titleRow}>
        <h1 className={styles.name} id={titleId}>
          {group.name}
        </h1>
        {isOwner || compact ? (
          <div className={styles.titleButtons}>
            {isOwner ? (
              <button
                type="button"
                className="icon-button icon-button--outline"
                aria-label="Edit group"
                title="Edit group"
                aria-haspopup="dialog"
                onClick={() => show({ kind: 'edit-group' })}
              >
                <Icon name="pencil" />
              </button>
            ) : null}
            {compact ? (
              <DisclosureButton
                label="Group details"
                look="round"
                expanded={expanded}
                controls={bodyId}
                onToggle={() => setExpanded(!expanded)}
              />
            ) : null}
          </div>
        ) : null}
      </div>
      <div className={styles.body} id={bodyId} hidden={compact && !expanded}>
        {!group.public ? <PrivateGroupNote /> : null}
        <p className={styles.description}>{group.description}</p>

        <MeetingList
          groupId={group.id}
          meetings={group.meetings}
          isOwner={isOwner}
          onSchedule={() => show({ kind: 'schedule' })}
          onEdit={(meeting) => show({ kind: 'meeting', meeting })}
          onCancelDate={(meeting, date) => show({ kind: 'cancel-date', meeting, date })}
        />
        <div className={styles.meetingTools}>
          <button
            type="button"
            className="button button--outline button--small"
            aria-haspopup="dialog"
            onClick={() => show({ kind: 'find-a-time' })}
          >
            Find a time
          </button>
          <a className={`button button--outline button--small ${styles.calendar}`} href={calendarPath(group.id)} download>
            <Icon name="calendar" size={18} /> Add to calendar
          </a>
          <button
            type="button"
            className="button button--outline button--small"
            aria-haspopup="dialog"
            onClick={() => show({ kind: 'subscribe' })}
          >
            Subscribe
          </button>
        </div>

        <button
          type="button"
          className={`button button--danger-outline ${styles.leave}`}
          onClick={() => show({ kind: 'leave' })}
          aria-haspopup="dialog"
          aria-disabled={leave.isPending}
        >
          Leave Group
        </button>
        {leave.error && modal === null ? (
          <p className={`form-error ${styles.error}`} role="alert">
            {messageForStudent(leave.error, LEAVE_FAILED)}
          </p>
        ) : null}
      </div>

      <GroupPageModals
        open={modal}
        group={group}
        userId={userId}
        leave={{ run: leaveGroup, pending: leave.isPending, error: leave.error }}
        onShow={show}
      />
    </section>
  );
}
