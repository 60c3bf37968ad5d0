// The Groups panel of the course view: a plus button opening "Create a Study
// Group", and the course's groups with name and member count, the student's
// own first and marked, each opening its modal (Join Group there). The server
// sends the groups a page at a time: the next page loads when the end of the
// list scrolls into view, or with "Load more groups".
// Joining, leaving and creating refresh the cached course views themselves.
// The page may add a badge to each group (its chat's unread messages). The
// owner sees how many ask to join ("2 requests"), a classmate that they are
// invited or asked.
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import type { StudyGroup } from '@contract/study-groups';
import { Icon } from '@web/components/icon';
import { useCurrentUser } from '@web/lib/session';
import { ErrorLine } from '@web/components/error-line';
import { CreateStudyGroupModal } from './create-study-group-modal';
import { isGroupFull, memberCountLabel } from './display-name';
import { requestCountLabel } from './invite-display';
import styles from './groups-panel.module.css';
import { StudyGroupModal } from './study-group-modal';

/** The later pages of the course's groups. */
export interface MoreGroups {
  /** A later page exists. */
  hasMore: boolean;
  loading: boolean;
  /** The last try to load one failed. */
  failed: boolean;
  /** Loads the next page, unless one is on its way. */
  loadMore: () => void;
}

interface GroupsPanelProps {
  courseId: number;
  /** The course's groups loaded so far, in the server's order. */
  groups: StudyGroup[];
  /** Loading the rest, when the server has more. */
  more?: MoreGroups;
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

/**
 * "Load more groups", and an invisible mark just above it that loads the next
 * page by itself once it scrolls into view (the button stays for keyboards,
 * screen readers and a failed load).
 */
function LoadMoreGroups({ more, loaded }: { more: MoreGroups; loaded: number }) {
  const markRef = useRef<HTMLDivElement>(null);
  const { loadMore } = more;
  const automatic = more.hasMore && !more.loading && !more.failed;

  // Watched again after each page, and whenever loadMore changes (it ignores calls while the
  // pages are read again): a mark still in view then asks for the next page too.
  useEffect(() => {
    const mark = markRef.current;
    if (!automatic || !mark || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) loadMore();
    });
    observer.observe(mark);
    return () => observer.disconnect();
  }, [automatic, loaded, loadMore]);

  if (!more.hasMore) return null;
  return (
    <div className={styles.more}>
      <div ref={markRef} className={styles.mark} aria-hidden="true" />
      {more.failed ? <ErrorLine>Could not load more groups.</ErrorLine> : null}
      {/* Not disabled while loading: the button keeps the keyboard's focus for the next page. */}
      <button
        type="button"
        className="button button--outline button--small"
        onClick={loadMore}
        aria-disabled={more.loading}
        aria-busy={more.loading}
      >
        {more.loading ? <span className="button__spinner" aria-hidden="true" /> : null}
        {more.loading ? 'Loading more groups...' : 'Load more groups'}
      </button>
    </div>
  );
}

export function GroupsPanel({ courseId, groups, more, memberGroupIds, isCourseMember, headingLevel, badge }: GroupsPanelProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const userId = useCurrentUser()?.id;
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
                  {group.owner.id === userId && group.pendingRequests > 0 ? (
                    <span className={`${styles.badge} ${styles.requests}`}>
                      {requestCountLabel(group.pendingRequests).replace(' to join', '')}
                      <span className="visually-hidden"> to join</span>
                    </span>
                  ) : null}
                  {!memberGroupIds.includes(group.id) && group.joinRequest?.status === 'pending' ? (
                    <span className={styles.badge}>{group.joinRequest.kind === 'invite' ? 'Invited' : 'Requested'}</span>
                  ) : null}
                  {badge?.(group.id)}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {more ? <LoadMoreGroups more={more} loaded={groups.length} /> : null}
      {creating ? (
        <CreateStudyGroupModal courseId={courseId} onClose={() => setCreating(false)} onCreated={() => setCreating(false)} />
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
