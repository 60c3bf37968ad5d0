// Push on this device (decision 0114): whether this browser can take it, and
// turning it on and off. Turning on asks the browser's permission (only ever
// after the student pressed "Turn on notifications"), subscribes the app's
// service worker with the server's VAPID key and keeps the subscription on the
// server; this browser remembers whose it is, so a classmate signing in on it
// later sees it off until they turn it on themselves. Logging out turns it off
// (the server forgets the device first, while the session still holds), so a
// shared computer pushes nothing of the last student's.
import { API } from '@contract/api';
import { apiClient } from '@web/lib/api-client';

type PushSupport = 'yes' | 'browser' | 'ios-home-screen';

/** What the "Turn on notifications" control shows for this device. */
export type PushDeviceState =
  | { kind: 'checking' }
  /** This browser has no web push (or only from the Home Screen, on an iPhone). */
  | { kind: 'unsupported'; reason: Exclude<PushSupport, 'yes'> }
  /** Push is off on this server (no VAPID keys). */
  | { kind: 'server-off' }
  /** The student (or the browser) blocked notifications for this site. */
  | { kind: 'blocked' }
  | { kind: 'off' }
  | { kind: 'on' };

/** Which student turned push on in this browser, for which subscription. */
const OWNER_KEY = 'study-swamp:push-device';
/** How long logging out waits for the device to be forgotten before it goes on regardless. */
const LOG_OUT_WAIT_MS = 2_000;

function pushSupport(): PushSupport {
  if (typeof window === 'undefined' || typeof navigator === 'undefined') return 'browser';
  const capable = 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
  if (capable) return 'yes';
  // Safari on an iPhone or iPad pushes only to an app added to the Home Screen.
  const ios = /iPhone|iPad|iPod/.test(navigator.userAgent) || (navigator.userAgent.includes('Macintosh') && navigator.maxTouchPoints > 1);
  const standalone = window.matchMedia?.('(display-mode: standalone)').matches ?? false;
  return ios && !standalone ? 'ios-home-screen' : 'browser';
}

interface Owner {
  userId: number;
  endpoint: string;
}

function readOwner(): Owner | null {
  try {
    const owner = JSON.parse(localStorage.getItem(OWNER_KEY) ?? 'null') as Owner | null;
    return owner && typeof owner.userId === 'number' && typeof owner.endpoint === 'string' ? owner : null;
  } catch {
    return null;
  }
}

function writeOwner(owner: Owner | null): void {
  try {
    if (owner) localStorage.setItem(OWNER_KEY, JSON.stringify(owner));
    else localStorage.removeItem(OWNER_KEY);
  } catch {
    // Storage off (a private window): the state is read from the subscription alone next time.
  }
}

/** The subscription this browser holds for the app, if any (no service worker yet: none). */
async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** The device's state for `userId`. */
export async function readPushDevice(userId: number): Promise<PushDeviceState> {
  const support = pushSupport();
  if (support !== 'yes') return { kind: 'unsupported', reason: support };
  const { enabled } = await apiClient.call(API.pushKey, {});
  if (!enabled) return { kind: 'server-off' };
  if (Notification.permission === 'denied') return { kind: 'blocked' };
  if (Notification.permission !== 'granted') return { kind: 'off' };
  const subscription = await currentSubscription();
  const owner = readOwner();
  return subscription && owner?.userId === userId && owner.endpoint === subscription.endpoint ? { kind: 'on' } : { kind: 'off' };
}

/** The key as pushManager.subscribe takes it. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function sameKey(subscription: PushSubscription, key: Uint8Array): boolean {
  const held = subscription.options.applicationServerKey;
  if (!held) return true;
  const bytes = new Uint8Array(held);
  return bytes.length === key.length && bytes.every((byte, i) => byte === key[i]);
}

/** A push subscription the browser would not make: the state says why, in the student's words. */
export class PushRefused extends Error {
  constructor(
    readonly state: PushDeviceState,
    message: string,
  ) {
    super(message);
  }
}

/** Asks the permission, subscribes and keeps the device on the server. */
export async function turnOnPush(userId: number): Promise<PushDeviceState> {
  const permission = await Notification.requestPermission();
  if (permission === 'denied') throw new PushRefused({ kind: 'blocked' }, 'Notifications are blocked for this site.');
  if (permission !== 'granted') throw new PushRefused({ kind: 'off' }, 'Notifications were not allowed. Press the button again to choose.');
  const { enabled, publicKey } = await apiClient.call(API.pushKey, {});
  if (!enabled || !publicKey) return { kind: 'server-off' };
  const key = keyBytes(publicKey);
  const registration = await navigator.serviceWorker.ready;
  let subscription = await registration.pushManager.getSubscription();
  // Made with another key (the server's keys were replaced): the push service would refuse our pushes.
  if (subscription && !sameKey(subscription, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  const { endpoint, keys } = subscription.toJSON();
  if (!endpoint || !keys?.p256dh || !keys.auth) throw new Error('The browser made a push subscription without its keys');
  await apiClient.call(API.savePushSubscription, { body: { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } } });
  writeOwner({ userId, endpoint });
  return { kind: 'on' };
}

/** Forgets the device on the server and unsubscribes the browser. */
export async function turnOffPush(): Promise<PushDeviceState> {
  const subscription = await currentSubscription();
  if (subscription) {
    await apiClient.call(API.deletePushSubscription, { body: { endpoint: subscription.endpoint } });
    await subscription.unsubscribe();
  }
  writeOwner(null);
  return { kind: 'off' };
}

/** Before logging out: the device this student turned on is turned off (bounded: a slow server does not hold the log out). */
export async function turnOffPushOnLogOut(): Promise<void> {
  if (!readOwner() || pushSupport() !== 'yes') return;
  await Promise.race([turnOffPush().catch(() => undefined), new Promise((resolve) => setTimeout(resolve, LOG_OUT_WAIT_MS))]);
}

/** Sends a test notification to each of the student's devices. */
export function sendTestNotification() {
  return apiClient.call(API.sendTestNotification, {});
}
