// The Groups panel of the course view: a plus button opening "Create a Study
// Group", and every group of the course with name and member count, the
// student's own first and marked, each opening its modal (Join Group there).
// Joining, leaving and creating refresh the cached course views themselves.
// The page may add a badge to each group (its chat's unread messages).
import { useId, useRef, useState, type ReactNode } from 'react';
import type { StudyGroup } from '../../../../adapters/http/contract/study-groups';
import { Icon } from '../../components/icon';
import { useSessionStore } from '../../lib/session-store';
import { CreateStudyGroupModal } from './create-study-group-modal';
import { isGroupFull, memberCountLabel } from './display-name';
import styles from './groups-panel.module.css';
import { StudyGroupModal } from './study-group-modal';

interface GroupsPanelProps {
  courseId: number;
  /** Every group of the course, in the server's order. */
  groups: StudyGroup[];
  memberGroupIds: number[];
  isCourseMember: boolean;
  headingLevel: 2 | 3;
  /** Shown after the group's member count and marks (nothing for none). */
  badge?: (groupId: number) => ReactNode;
}

/** The student's own groups first, then the others, each part in the server's order. */
function ownFirst(groups: StudyGroup[], memberGroupIds: number[]): StudyGroup[] {
  const own = groups.filter((group) => memberGroupIds.includes(group.id));
  return [...own, ...groups.filter((group) => !memberGroupIds.includes(group.id))];
}

export function GroupsPanel({ courseId, groups, memberGroupIds, isCourseMember, headingLevel, badge }: GroupsPanelProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const userId = useSessionStore((state) => state.currentUser?.id);
  const headingId = useId();
  const [creating, setCreating] = useState(false);
  const [openId, setOpenId] = useState<number | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const open = groups.find((group) => group.id === openId);

  function left() {
    setOpenId(null);
    // The group's button may be gone with it; then the panel's title is the steady point.
    requestAnimationFrame(() => {
      if (document.activeElement === document.body) headingRef.current?.focus();
    });
  }

  return (
    <section className="panel panel--groups" aria-labelledby={headingId}>
      <div className={styles.header}>
        <Heading className={`panel__title ${styles.title}`} id={headingId} ref={headingRef} tabIndex={-1}>
          Groups
        </Heading>
        {isCourseMember ? (
          <button
            type="button"
            className={`icon-button icon-button--accent ${styles.create}`}
            aria-label="Create a study group"
            title="Create a study group"
            aria-haspopup="dialog"
            onClick={() => setCreating(true)}
          >
            <Icon name="plus" />
          </button>
        ) : null}
      </div>
      {groups.length === 0 ? (
        <p className="panel__muted">{isCourseMember ? 'No study groups yet. Start one with the plus button.' : 'No study groups yet.'}</p>
      ) : (
        <ul className={styles.list}>
          {ownFirst(groups, memberGroupIds).map((group) => (
            <li key={group.id}>
              <button
                type="button"
                className={memberGroupIds.includes(group.id) ? `${styles.group} ${styles.own}` : styles.group}
                aria-haspopup="dialog"
                onClick={() => setOpenId(group.id)}
              >
                <span className={styles.name}>{group.name}</span>
                <span className={styles.meta}>
                  {memberCountLabel(group)}
                  {group.owner.id === userId ? (
                    <span className={styles.badge}>Owner</span>
                  ) : memberGroupIds.includes(group.id) ? (
                    <span className={styles.badge}>Joined</span>
                  ) : null}
                  {!group.public ? (
                    <span className={`${styles.badge} ${styles.private}`}>
                      <Icon name="lock" size={12} /> Private
                    </span>
                  ) : !memberGroupIds.includes(group.id) && isGroupFull(group) ? (
                    <span className={styles.badge}>Full</span>
                  ) : null}
                  {badge?.(group.id)}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {creating ? (
        <CreateStudyGroupModal
          courseId={courseId}
          onClose={() => setCreating(false)}
          onCreated={() => setCreating(false)}
        />
      ) : null}
      {open ? (
        <StudyGroupModal
          key={open.id}
          group={open}
          isMember={memberGroupIds.includes(open.id)}
          isCourseMember={isCourseMember}
          onLeft={left}
          onClose={() => setOpenId(null)}
        />
      ) : null}
    </section>
  );
}
