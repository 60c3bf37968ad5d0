// A student's calendar subscription address: one secret feed of the meetings
// of every group they are in, which calendar apps refresh. Made on request
// and shown whole only then (the server keeps its hash), with Copy and a
// webcal:// "Add to calendar"; "Get a new address" and "Turn off" ask first.
// Shown in the group page's Subscribe dialog and on the profile.
import { useState } from 'react';
import { InlineQuestion } from '@web/components/inline-question';
import { LoadingLine } from '@web/components/loading-line';
import { ModalError } from '@web/components/modal-error';
import { useCalendarFeed, type FeedAddress } from './calendar-feed-api';
import styles from './calendar-subscription.module.css';
import { SecretLinkField } from './secret-link-field';

type Question = 'renew' | 'off';

const QUESTIONS: Record<Question, { text: string; confirm: string }> = {
  renew: {
    text: 'Get a new address? The old one stops working: calendars subscribed to it stop updating.',
    confirm: 'Get a new address',
  },
  off: {
    text: 'Turn off your calendar address? Calendars subscribed to it stop updating.',
    confirm: 'Turn off',
  },
};

const madeOn = (createdAt: string) => new Date(createdAt).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

export function CalendarSubscription() {
  const { status, address, create, revoke } = useCalendarFeed();
  const [asking, setAsking] = useState<Question | null>(null);
  const pending = create.isPending || revoke.isPending;

  function run(question: Question | 'make') {
    if (pending) return;
    create.reset();
    revoke.reset();
    const mutation = question === 'off' ? revoke : create;
    mutation.mutate(undefined, { onSuccess: () => setAsking(null) });
  }

  const subscribed = status.data?.subscribed ?? false;
  return (
    <div className={styles.subscription}>
      <p className={styles.note}>
        One private address with the meetings of every group you are in. Calendar apps (Google, Apple, Outlook) check it for changes every
        few hours, so new and moved meetings reach your phone without another download. Anyone with the address can see those meetings: keep
        it to yourself.
      </p>
      {status.isPending ? <LoadingLine>Loading your calendar address...</LoadingLine> : null}
      <ModalError error={status.error} fallback="Could not load your calendar address. Please try again." />
      {address ? <MadeAddress key={address.url} address={address} /> : null}
      {!address && subscribed && status.data?.createdAt ? (
        <p>
          You have an address, made {madeOn(status.data.createdAt)}. It is shown only when it is made: to add it to another calendar, get a
          new address (the old one stops working).
        </p>
      ) : null}

      {asking ? (
        <InlineQuestion
          label={QUESTIONS[asking].confirm}
          question={QUESTIONS[asking].text}
          confirmLabel={QUESTIONS[asking].confirm}
          pending={pending}
          onKeep={() => setAsking(null)}
          onConfirm={() => run(asking)}
          className={styles.ask}
          buttonsClassName={styles.actions}
        />
      ) : status.data && !subscribed ? (
        <span className={styles.actions}>
          <button type="button" className="button button--primary" aria-disabled={pending} onClick={() => run('make')}>
            {create.isPending ? <span className="button__spinner" aria-hidden="true" /> : null}
            Get my address
          </button>
        </span>
      ) : subscribed ? (
        <span className={styles.actions}>
          <button type="button" className="button button--outline button--small" onClick={() => setAsking('renew')}>
            Get a new address
          </button>
          <button type="button" className="button button--danger-outline button--small" onClick={() => setAsking('off')}>
            Turn off
          </button>
        </span>
      ) : null}
      <ModalError error={create.error} fallback="Could not make your calendar address. Please try again." />
      <ModalError error={revoke.error} fallback="Could not turn your calendar address off. Please try again." />
    </div>
  );
}

/** The address just made, this once: Copy, and Add to calendar (webcal://, which calendar apps open as a subscription). */
function MadeAddress({ address }: { address: FeedAddress }) {
  return (
    <SecretLinkField
      label="Your calendar address"
      url={address.url}
      what="address"
      note="Shown only now: copy it, or add it, before you leave this page. (Google Calendar: Other calendars, From URL.)"
    >
      <span className={styles.actions}>
        <a className="button button--primary button--small" href={address.webcalUrl}>
          Add to calendar
        </a>
      </span>
    </SecretLinkField>
  );
}
