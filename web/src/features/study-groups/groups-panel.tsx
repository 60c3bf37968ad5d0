// The Groups panel of the course view: a plus button opening "Create a Study
// Group", and the groups with name and member count, each opening its modal.
// Joining, leaving and creating refresh the cached course views themselves.
import { useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import type { StudyGroup } from '../../../../adapters/http/contract/study-groups';
import { Icon } from '../../components/icon';
import { CreateStudyGroupModal } from './create-study-group-modal';
import { memberCountLabel } from './display-name';
import styles from './groups-panel.module.css';
import { StudyGroupModal } from './study-group-modal';

interface GroupsPanelProps {
  courseId: number;
  /** The groups to list (the caller decides: every group of the course, or the student's own). */
  groups: StudyGroup[];
  memberGroupIds: number[];
  isCourseMember: boolean;
  headingLevel: 2 | 3;
  /** Shown under the list, e.g. the way to the course's other groups. */
  moreLink?: { to: string; label: string };
}

export function GroupsPanel({ courseId, groups, memberGroupIds, isCourseMember, headingLevel, moreLink }: GroupsPanelProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
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
            className="icon-button icon-button--accent"
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
          {groups.map((group) => (
            <li key={group.id}>
              <button type="button" className={styles.group} aria-haspopup="dialog" onClick={() => setOpenId(group.id)}>
                <span className={styles.name}>{group.name}</span>
                <span className={styles.meta}>
                  {memberCountLabel(group)}
                  {memberGroupIds.includes(group.id) ? <span className={styles.badge}>Joined</span> : null}
                  {!group.public ? (
                    <span className={`${styles.badge} ${styles.private}`}>
                      <Icon name="lock" size={12} /> Private
                    </span>
                  ) : null}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {moreLink ? (
        <Link to={moreLink.to} className={styles.more}>
          {moreLink.label}
        </Link>
      ) : null}

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
