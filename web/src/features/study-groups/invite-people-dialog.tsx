// The owner's "Invite people": the requests to join (Accept / Decline, the
// name opening the student's profile card), invite links (make one, with how
// long it works and how many may use it, shown whole this once with Copy;
// the working ones listed with Revoke, asked first), a classmate invited by
// username (suggested from the course's students), and the invites not yet
// answered (Cancel invite).
import { useId, useRef } from 'react';
import type { Member } from '@contract/members';
import type { PendingStudent, StudyGroup } from '@contract/study-groups';
import { ErrorLine } from '@web/components/error-line';
import { LoadingLine } from '@web/components/loading-line';
import { ModalDialog } from '@web/components/modal-dialog';
import { ModalError } from '@web/components/modal-error';
import { PersonButton } from '@web/components/person-button';
import { useProfileCard } from '@web/components/profile-card';
import { memberName } from '@web/lib/member-name';
import { useFocusWhenRowGoes } from './focus-when-row-goes';
import { InviteClassmateForm } from './invite-classmate-form';
import { InviteLinksSection } from './invite-links-section';
import { useAnswerJoinRequest, useCancelInvite, useGroupInvitations } from './invitations-api';
import styles from './invite-people-dialog.module.css';

interface InvitePeopleDialogProps {
  group: StudyGroup;
  ownerId: number;
  /** The course's students, for the username suggestions; undefined while they load. */
  classmates: Member[] | undefined;
  onClose: () => void;
}

export function InvitePeopleDialog({ group, ownerId, classmates, onClose }: InvitePeopleDialogProps) {
  const invitations = useGroupInvitations(group.id);
  const data = invitations.data;
  const people = data ? [...data.requests, ...data.invited].map((pending) => pending.student) : [];
  const { openKey, toggle, card } = useProfileCard(people);
  const personProps = (student: Member, list: string) => ({
    member: student,
    className: styles.person,
    nameClassName: styles.name,
    tipClassName: styles.tip,
    expanded: openKey === `${list}-${student.id}`,
    onToggle: (trigger: HTMLButtonElement) => toggle({ key: `${list}-${student.id}`, memberId: student.id, trigger }),
  });

  return (
    <ModalDialog title="Invite people" onClose={onClose}>
      <div className={styles.sections}>
        {!data ? (
          invitations.isError && !invitations.isFetching ? (
            <ErrorLine onRetry={() => void invitations.refetch()}>Could not load the group’s invitations.</ErrorLine>
          ) : (
            <LoadingLine>Loading invitations...</LoadingLine>
          )
        ) : (
          <>
            <JoinRequests group={group} ownerId={ownerId} requests={data.requests} personProps={personProps} />
            <InviteLinksSection group={group} ownerId={ownerId} links={data.links} />
            <InviteClassmateForm
              group={group}
              ownerId={ownerId}
              classmates={classmates}
              taken={new Set([...group.members, ...people].map((student) => student.id))}
            />
            <InvitedClassmates group={group} ownerId={ownerId} invited={data.invited} personProps={personProps} />
          </>
        )}
        {card}
      </div>
    </ModalDialog>
  );
}

type PersonProps = (student: Member, list: string) => Parameters<typeof PersonButton>[0];

interface PendingListProps {
  group: StudyGroup;
  ownerId: number;
  personProps: PersonProps;
}

function JoinRequests({ group, ownerId, requests, personProps }: PendingListProps & { requests: PendingStudent[] }) {
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const answer = useAnswerJoinRequest(group.id, ownerId);
  useFocusWhenRowGoes(headingRef, requests.length);
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h3 className={styles.heading} id={headingId} ref={headingRef} tabIndex={-1}>
        Requests to join
      </h3>
      {requests.length === 0 ? (
        <p className="panel__muted">No one is asking to join right now.</p>
      ) : (
        <ul className={styles.people}>
          {requests.map(({ student }) => {
            const name = memberName(student);
            const busy = answer.isPending && answer.variables?.studentId === student.id;
            return (
              <li key={student.id} className={styles.pending}>
                <PersonButton {...personProps(student, 'request')} />
                <span className={styles.buttons}>
                  <button
                    type="button"
                    className="button button--primary button--small"
                    aria-label={`Accept ${name}`}
                    aria-disabled={answer.isPending}
                    onClick={() => {
                      if (!answer.isPending) answer.mutate({ studentId: student.id, accept: true });
                    }}
                  >
                    {busy && answer.variables?.accept ? <span className="button__spinner" aria-hidden="true" /> : null}
                    Accept
                  </button>
                  <button
                    type="button"
                    className="button button--outline button--small"
                    aria-label={`Decline ${name}`}
                    aria-disabled={answer.isPending}
                    onClick={() => {
                      if (!answer.isPending) answer.mutate({ studentId: student.id, accept: false });
                    }}
                  >
                    Decline
                  </button>
                </span>
              </li>
            );
          })}
        </ul>
      )}
      <ModalError error={answer.error} fallback="Could not answer the request. Please try again." />
    </section>
  );
}

function InvitedClassmates({ group, ownerId, invited, personProps }: PendingListProps & { invited: PendingStudent[] }) {
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const cancel = useCancelInvite(group.id, ownerId);
  useFocusWhenRowGoes(headingRef, invited.length);
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h3 className={styles.heading} id={headingId} ref={headingRef} tabIndex={-1}>
        Invited, not answered yet
      </h3>
      {invited.length === 0 ? (
        <p className="panel__muted">Nobody is waiting to answer an invite.</p>
      ) : (
        <ul className={styles.people}>
          {invited.map(({ student }) => (
            <li key={student.id} className={styles.pending}>
              <PersonButton {...personProps(student, 'invited')} />
              <button
                type="button"
                className="button button--outline button--small"
                aria-label={`Cancel invite to ${memberName(student)}`}
                aria-disabled={cancel.isPending}
                onClick={() => {
                  if (!cancel.isPending) cancel.mutate(student.id);
                }}
              >
                Cancel invite
              </button>
            </li>
          ))}
        </ul>
      )}
      <ModalError error={cancel.error} fallback="Could not cancel the invite. Please try again." />
    </section>
  );
}
