// "Turn on notifications" for this device, on the profile (always, with Turn
// off and a test notification once on) and on the dashboard (a card shown
// while push is off here and the student has not said "Not now"). The browser
// asks its permission only after the press, never when a page opens.
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { messageForStudent } from '@web/lib/api-error';
import { useCurrentUser } from '@web/lib/session';
import { PushRefused, readPushDevice, sendTestNotification, turnOffPush, turnOnPush, type PushDeviceState } from '@web/lib/push-device';
import styles from './push-device-control.module.css';

/** The dashboard's card was put away ("Not now"), in this browser. */
const DISMISSED_KEY = 'study-swamp:push-prompt-dismissed';

const UNSUPPORTED = {
  browser: 'This browser cannot show notifications from Study Swamp.',
  'ios-home-screen':
    'On an iPhone or iPad, add Study Swamp to your Home Screen (Share, then Add to Home Screen) and open it from there to turn on notifications.',
} as const;

const BLOCKED =
  "Notifications are blocked for this site. Allow them in your browser's site settings (the icon beside the address), then come back here.";

function usePushDevice(userId: number | undefined) {
  const [state, setState] = useState<PushDeviceState>({ kind: 'checking' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState('');

  useEffect(() => {
    if (userId === undefined) return;
    let live = true;
    readPushDevice(userId).then(
      (read) => live && setState(read),
      // The key could not be read: offered as off; pressing the button says what goes wrong.
      () => live && setState({ kind: 'off' }),
    );
    return () => {
      live = false;
    };
  }, [userId]);

  const act = async (what: () => Promise<PushDeviceState | string>, failure: string) => {
    if (busy) return;
    setBusy(true);
    setError(null);
    setOutcome('');
    try {
      const result = await what();
      if (typeof result === 'string') setOutcome(result);
      else setState(result);
    } catch (caught) {
      if (caught instanceof PushRefused) {
        setState(caught.state);
        if (caught.state.kind !== 'blocked') setError(caught.message);
      } else {
        console.error(failure, caught);
        setError(messageForStudent(caught, failure));
      }
    } finally {
      setBusy(false);
    }
  };

  return {
    state,
    busy,
    error,
    outcome,
    turnOn: () => void act(() => turnOnPush(userId!), 'Notifications could not be turned on. Please try again.'),
    turnOff: () => void act(turnOffPush, 'Notifications could not be turned off. Please try again.'),
    test: () =>
      void act(async () => {
        const { sent } = await sendTestNotification();
        return sent === 0 ? 'No device could be reached. Try again in a minute.' : `Sent to ${sent} ${sent === 1 ? 'device' : 'devices'}.`;
      }, 'The test notification could not be sent. Please try again.'),
  };
}

function readDismissed(): boolean {
  try {
    return localStorage.getItem(DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

/** On the profile: this device's notifications, whatever their state. */
export function PushDeviceSettings() {
  const user = useCurrentUser();
  const push = usePushDevice(user?.id);
  const { state } = push;
  return (
    <div className={styles.device} role="group" aria-label="Notifications on this device">
      {state.kind === 'checking' ? <p className={styles.line}>Checking this device…</p> : null}
      {state.kind === 'unsupported' ? <p className={styles.line}>{UNSUPPORTED[state.reason]}</p> : null}
      {state.kind === 'server-off' ? (
        <p className={styles.line}>Push notifications are not set up on this Study Swamp server. Mail still reaches you.</p>
      ) : null}
      {state.kind === 'blocked' ? <p className={styles.line}>{BLOCKED}</p> : null}
      {state.kind === 'off' ? (
        <>
          <p className={styles.line}>Notifications are off on this device.</p>
          <button type="button" className="button button--primary" aria-disabled={push.busy} onClick={push.turnOn}>
            Turn on notifications
          </button>
        </>
      ) : null}
      {state.kind === 'on' ? (
        <>
          <p className={styles.line}>Notifications are on for this device.</p>
          <div className={styles.buttons}>
            <button type="button" className="button button--outline" aria-disabled={push.busy} onClick={push.test}>
              Send a test notification
            </button>
            <button type="button" className="button button--outline" aria-disabled={push.busy} onClick={push.turnOff}>
              Turn off on this device
            </button>
          </div>
        </>
      ) : null}
      {push.error ? (
        <p className="form-error" role="alert">
          {push.error}
        </p>
      ) : null}
      <p className={styles.outcome} role="status">
        {push.outcome}
      </p>
    </div>
  );
}

/** On the dashboard: a card offering push while it is off here, until turned on or put away. */
export function PushPrompt() {
  const user = useCurrentUser();
  const push = usePushDevice(user?.id);
  const [dismissed, setDismissed] = useState(readDismissed);
  // Pressed here: what follows (on, or blocked in the browser's prompt) is said on the card.
  const [pressed, setPressed] = useState(false);
  const { state } = push;

  const dismiss = () => {
    try {
      localStorage.setItem(DISMISSED_KEY, '1');
    } catch {
      // Storage off: put away for this visit only.
    }
    setDismissed(true);
  };

  const offered = state.kind === 'off' || (pressed && (state.kind === 'on' || state.kind === 'blocked'));
  if (dismissed || !offered) return null;
  return (
    <section className={styles.prompt} aria-label="Notifications">
      {state.kind === 'on' ? (
        <p className={styles.line} role="status">
          Notifications are on for this device. Choose what reaches you on <Link to="/profile">your profile</Link>.
        </p>
      ) : state.kind === 'blocked' ? (
        <p className={styles.line}>{BLOCKED}</p>
      ) : (
        <p className={styles.line}>Hear about mentions, replies and your next meeting even when this tab is closed.</p>
      )}
      {push.error ? (
        <p className="form-error" role="alert">
          {push.error}
        </p>
      ) : null}
      <div className={styles.buttons}>
        {state.kind === 'off' ? (
          <button
            type="button"
            className="button button--primary"
            aria-disabled={push.busy}
            onClick={() => {
              setPressed(true);
              push.turnOn();
            }}
          >
            Turn on notifications
          </button>
        ) : null}
        <button type="button" className="button button--outline" onClick={dismiss}>
          {state.kind === 'off' ? 'Not now' : 'Close'}
        </button>
      </div>
    </section>
  );
}
