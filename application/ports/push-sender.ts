// Web push to a student's browsers and phones (issue 26). The notifications
// (application/notifications) decide what to send and when; this port only
// delivers, to every device the student turned notifications on for.
import type { UserId } from '@domain/ids';

/** What a device shows; the service worker opens `url` (focusing an open tab) on a click. */
export interface PushMessage {
  title: string;
  body: string;
  /** A path inside the app, e.g. "/course/12" or "/study-group/34". */
  url: string;
  /** Notifications with one tag replace each other on a device (a room's batch, say). */
  tag: string;
}

export interface PushResult {
  /** Devices the push service accepted the message for (now or on an earlier try with this key). */
  sent: number;
  /** Devices forgotten because the push service answered 404 or 410. */
  removed: number;
  /** Devices that could not be reached this time (network, 5xx, 429); the caller retries. */
  failed: number;
}

export interface PushSender {
  /**
   * Sends to each of the student's devices that has not yet been sent the
   * message with this key: a job retried after a partial failure, or after its
   * process died, reaches each device once. Resolves with what happened; never
   * rejects for one unreachable device (see `failed`).
   */
  send(userId: UserId, message: PushMessage, key: string): Promise<PushResult>;
}
