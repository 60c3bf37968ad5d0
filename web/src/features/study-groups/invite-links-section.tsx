// "Invite links" in the owner's Invite people: make a link (how long it
// works, how many may use it), shown whole this once with Copy, and the
// working links with Revoke, asked first in the link's own row.
import { useId, useRef, useState, type FormEvent } from 'react';
import type { InviteLink, StudyGroup } from '@contract/study-groups';
import { INVITE_LINK_HOURS, INVITE_LINK_USES } from '@domain/study-group/invite-links';
import { FormField } from '@web/components/form-field';
import { InlineQuestion } from '@web/components/inline-question';
import { ModalError } from '@web/components/modal-error';
import { useFocusWhenRowGoes } from './focus-when-row-goes';
import { SecretLinkField } from './secret-link-field';
import { useCreateInviteLink, useRevokeInviteLink, type LinkChoice } from './invitations-api';
import { createdLabel, durationLabel, expiresLabel, inviteUrl, usesLabel } from './invite-display';
import styles from './invite-people-dialog.module.css';

const HOUR_OPTIONS = INVITE_LINK_HOURS.map((hours) => ({ value: String(hours), label: durationLabel(hours) }));
const USE_OPTIONS = [{ value: '', label: 'No limit' }, ...INVITE_LINK_USES.map((uses) => ({ value: String(uses), label: String(uses) }))];

export function InviteLinksSection({ group, ownerId, links }: { group: StudyGroup; ownerId: number; links: InviteLink[] }) {
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const hoursId = useId();
  const usesId = useId();
  const create = useCreateInviteLink(group.id, ownerId);
  const [hours, setHours] = useState<LinkChoice['expiresInHours']>(168);
  const [uses, setUses] = useState<LinkChoice['maxUses']>(null);
  const [made, setMade] = useState<{ linkId: number; url: string } | null>(null);
  useFocusWhenRowGoes(headingRef, links.length);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (create.isPending) return;
    create.mutate(
      { expiresInHours: hours, maxUses: uses },
      { onSuccess: (answer) => setMade({ linkId: answer.link.id, url: inviteUrl(window.location.origin, answer.token) }) },
    );
  }

  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h3 className={styles.heading} id={headingId} ref={headingRef} tabIndex={-1}>
        Invite links
      </h3>
      <p className="panel__muted">Anyone with a link can join, and its course too, until it expires or is used up.</p>
      <form className={styles.linkForm} onSubmit={submit} noValidate>
        <FormField id={hoursId} label="Link works for">
          {(a11y) => (
            <select
              {...a11y}
              className="input input--select"
              value={hours}
              onChange={(event) => setHours(Number(event.target.value) as LinkChoice['expiresInHours'])}
            >
              {HOUR_OPTIONS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField id={usesId} label="Uses">
          {(a11y) => (
            <select
              {...a11y}
              className="input input--select"
              value={uses ?? ''}
              onChange={(event) =>
                setUses(event.target.value === '' ? null : (Number(event.target.value) as Exclude<LinkChoice['maxUses'], null>))
              }
            >
              {USE_OPTIONS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <button type="submit" className={`button button--primary ${styles.create}`} aria-disabled={create.isPending}>
          {create.isPending ? <span className="button__spinner" aria-hidden="true" /> : null}
          Create link
        </button>
      </form>
      <ModalError error={create.error} fallback="Could not make a link. Please try again." />
      {made ? <NewLink key={made.linkId} url={made.url} /> : null}
      {links.length > 0 ? (
        <ul className={styles.links} aria-label="Working links">
          {links.map((link) => (
            <WorkingLink key={link.id} group={group} ownerId={ownerId} link={link} isNew={link.id === made?.linkId} />
          ))}
        </ul>
      ) : (
        <p className="panel__muted">No working links.</p>
      )}
    </section>
  );
}

/** A link just made: its whole address, this once, with Copy. */
function NewLink({ url }: { url: string }) {
  return (
    <SecretLinkField
      label="Your new invite link"
      url={url}
      what="link"
      note="This link is shown only now: copy it before you close this window. (You can always make another.)"
      autoFocus
    />
  );
}

function WorkingLink({ group, ownerId, link, isNew }: { group: StudyGroup; ownerId: number; link: InviteLink; isNew: boolean }) {
  const revoke = useRevokeInviteLink(group.id, ownerId);
  const [asking, setAsking] = useState(false);
  const created = createdLabel(link.createdAt);
  const when = created.replace(/^Created /, '');
  return (
    <li className={styles.link}>
      <p className={styles.linkFacts}>
        <span>
          {created}
          {isNew ? ' (new)' : ''}
        </span>
        <span>{expiresLabel(link.expiresAt)}</span>
        <span>{usesLabel(link.uses, link.maxUses)}</span>
      </p>
      {asking ? (
        <InlineQuestion
          label="Revoke this link?"
          question="Revoke this link? Nobody can join with it any more."
          confirmLabel="Revoke link"
          pending={revoke.isPending}
          onKeep={() => setAsking(false)}
          onConfirm={() => revoke.mutate(link.id)}
          className={styles.ask}
          buttonsClassName={styles.buttons}
        />
      ) : (
        <button
          type="button"
          className="button button--danger-outline button--small"
          aria-label={`Revoke link made ${when}`}
          onClick={() => {
            revoke.reset();
            setAsking(true);
          }}
        >
          Revoke
        </button>
      )}
      <ModalError error={revoke.error} fallback="Could not revoke the link. Please try again." />
    </li>
  );
}
