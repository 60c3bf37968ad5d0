// What an invite link opens, signed in or not: the group (name, description,
// owner, members) and its course (code, name, term). A visitor logs in or
// signs up and comes back here; a student joins ("Join {group}", which joins
// the course too when they are not in it) and lands on the group's page; a
// member opens it. A link that no longer works says why, with the way home.
import { useEffect, useId, useRef } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { displayName } from '@domain/user/display-name';
import { ErrorLine } from '@web/components/error-line';
import { LoadingLine } from '@web/components/loading-line';
import { ModalError } from '@web/components/modal-error';
import { messageForStudent } from '@web/lib/api-error';
import { withNext } from '@web/lib/next-path';
import { useCurrentUser } from '@web/lib/session';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { isLinkInvalid, useAcceptInviteLink, useInviteLink } from './invitations-api';
import styles from './invite-view.module.css';

const NO_LONGER_WORKS = 'This invite link has expired, was used up or was turned off.';

export function InviteView({ token }: { token: string }) {
  const user = useCurrentUser();
  const invite = useInviteLink(token, user?.id ?? 0);
  const accept = useAcceptInviteLink();
  const navigate = useNavigate();
  const titleRef = useRef<HTMLHeadingElement>(null);
  const courseId = useId();
  const data = invite.data;
  const invalid = invite.isError && isLinkInvalid(invite.error);
  useDocumentTitle(data ? `Join ${data.studyGroup.name}` : invalid ? 'Invite link not working' : 'Invite');

  // The answer replaced "Loading": focus goes to the title, once, so a screen reader says what the link opened.
  const shown = Boolean(data) || invalid;
  const focused = useRef(false);
  useEffect(() => {
    if (!shown || focused.current) return;
    focused.current = true;
    titleRef.current?.focus();
  }, [shown]);

  if (invalid) {
    return (
      <div className="page page--narrow">
        <div className="notice">
          <h1 className="notice__title" ref={titleRef} tabIndex={-1}>
            This invite link does not work
          </h1>
          <p className="notice__text" role="alert">
            {messageForStudent(invite.error, NO_LONGER_WORKS)}
          </p>
          <Link to="/" className="button button--primary">
            {user ? 'Back to your dashboard' : 'Go to the home page'}
          </Link>
        </div>
      </div>
    );
  }
  if (!data) {
    return (
      <div className="page page--narrow">
        {invite.isError && !invite.isFetching ? (
          <ErrorLine onRetry={() => void invite.refetch()}>Could not load this invite.</ErrorLine>
        ) : (
          <LoadingLine>Loading the invite...</LoadingLine>
        )}
      </div>
    );
  }

  const { studyGroup: group, course, viewer } = data;
  const here = `/invite/${encodeURIComponent(token)}`;
  const full = group.memberCount >= group.maxMembers;

  function join() {
    if (accept.isPending) return;
    // The invite page gives way to the group's: Back from there does not come back to a used link.
    accept.mutate(token, { onSuccess: (answer) => void navigate(`/study-group/${answer.studyGroupID}`, { replace: true }) });
  }

  return (
    <div className="page page--narrow">
      <article className={`notice ${styles.invite}`} aria-labelledby={`${courseId}-title`}>
        <p className={styles.kicker}>You’re invited to a study group</p>
        <h1 className="notice__title" id={`${courseId}-title`} ref={titleRef} tabIndex={-1}>
          {group.name}
        </h1>
        <p className={styles.course} id={courseId}>
          <span className={styles.code}>{course.code}</span> {course.name} · {course.term}
        </p>
        {group.description.trim() ? <p className={styles.description}>{group.description}</p> : null}
        <p className="notice__text">
          Run by {displayName({ firstName: group.owner.first_name, lastName: group.owner.last_name, username: '' })} · {group.memberCount}{' '}
          {group.memberCount === 1 ? 'member' : 'members'}
        </p>

        {!viewer ? (
          <>
            <p>Log in or sign up to join. You come back here afterwards.</p>
            <div className={styles.actions}>
              <Link to={withNext('/log-in', here)} className="button button--primary">
                Log in
              </Link>
              <Link to={withNext('/sign-up', here)} className="button button--outline">
                Sign up
              </Link>
            </div>
          </>
        ) : viewer.isMember ? (
          <>
            <p>You are a member of this group.</p>
            <div className={styles.actions}>
              <Link to={`/study-group/${group.id}`} replace className="button button--primary">
                Open group
              </Link>
            </div>
          </>
        ) : (
          <>
            {!viewer.isCourseMember ? (
              <p>You are not in {course.code} yet: joining the group adds you to the course too (its chat, students and groups).</p>
            ) : null}
            {full ? <p className={styles.full}>This group is full: it takes at most {group.maxMembers} members.</p> : null}
            <ModalError error={accept.error} fallback="Could not join this group. Please try again." />
            <div className={styles.actions}>
              <button
                type="button"
                className="button button--primary"
                onClick={join}
                aria-disabled={accept.isPending}
                aria-describedby={courseId}
              >
                {accept.isPending ? <span className="button__spinner" aria-hidden="true" /> : null}
                Join {group.name}
              </button>
              <Link to="/" className="button button--outline">
                Not now
              </Link>
            </div>
          </>
        )}
      </article>
    </div>
  );
}
