// The browsers and phones each student turned notifications on for (one web
// push subscription per device, known by its endpoint), and which device was
// already sent which message, so a retried send reaches each device once.
import type { UserId } from '@domain/ids';

export interface StoredPushSubscription {
  /** The store's id of the device; deliveries are recorded by it. */
  id: number;
  userId: UserId;
  endpoint: string;
  keys: { p256dh: string; auth: string };
  createdAt: Date;
}

export interface PushSubscriptions {
  /**
   * Keeps the device for the student. An endpoint is one device: saved again
   * it is replaced (new keys, now its time), under another student it moves
   * to this one (whoever signed in last on that browser). Past `maxDevices`
   * the student's oldest devices go.
   */
  save(
    userId: UserId,
    subscription: { endpoint: string; keys: { p256dh: string; auth: string } },
    now: Date,
    maxDevices: number,
  ): Promise<void>;
  /** Forgets the student's device with this endpoint; false when the student has none there. */
  remove(userId: UserId, endpoint: string): Promise<boolean>;
  /** Forgets every device of the student (account deletion). */
  removeAllOf(userId: UserId): Promise<void>;
  /** Forgets a device the push service said is gone (404/410), whoever it belonged to. */
  forget(id: number): Promise<void>;
  /** The student's devices, oldest first. */
  listOf(userId: UserId): Promise<StoredPushSubscription[]>;
  /** Which of the devices were already sent the message with this key. */
  sentTo(key: string, ids: number[]): Promise<Set<number>>;
  /** Records that the device was sent the message with this key; records older than `forgetBefore` of the same device go. */
  recordSent(key: string, id: number, now: Date, forgetBefore: Date): Promise<void>;
}
