// The PushSender of a server with VAPID keys: each of the student's devices
// not yet sent the message with this key gets it, encrypted for that device
// (RFC 8291, aes128gcm) and signed with the server's VAPID key (RFC 8292) by
// the `web-push` library; the POST itself is Node's fetch, with a timeout, so
// a push service that never answers cannot hold a job. 2xx: sent (and
// recorded, so a retry skips the device); 404/410: the device is gone and
// forgotten; anything else (429, 5xx, a redirect, no answer): failed, for the
// caller to retry.
import { createHash } from 'node:crypto';
import type { Logger } from 'pino';
import webpush from 'web-push';
import type { Clock } from '@application/ports/clock';
import type { PushMessage, PushResult, PushSender } from '@application/ports/push-sender';
import type { PushSubscriptions, StoredPushSubscription } from '@application/ports/push-subscriptions';
import type { UserId } from '@domain/ids';

export interface VapidDetails {
  publicKey: string;
  privateKey: string;
  subject: string;
}

export interface WebPushOptions {
  now: Clock;
  /** How long one push service may take to answer (default 10 s). */
  timeoutMs?: number;
  /** How long a push service keeps a message for a device that is offline (default one day: older news is stale). */
  ttlSeconds?: number;
  /** How long the record of a send is kept (default a week: longer than any job is retried). */
  deliveryMemoryMs?: number;
  logger?: Logger;
}

type Outcome = 'sent' | 'removed' | 'failed';

const DAY_MS = 86_400_000;
/** Push services take about 4 KB of payload; these keep any message well inside it. */
const MAX_TITLE = 200;
const MAX_BODY = 1000;

const clip = (text: string, max: number) => {
  const chars = Array.from(text);
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`;
};

/** A Topic header (at most 32 base64url characters): a newer message of one tag replaces one the push service still holds. */
const topicOf = (tag: string) => createHash('sha256').update(tag).digest('base64url').slice(0, 32);

export class WebPushSender implements PushSender {
  constructor(
    private readonly subscriptions: PushSubscriptions,
    private readonly vapid: VapidDetails,
    private readonly options: WebPushOptions,
  ) {}

  async send(userId: UserId, message: PushMessage, key: string): Promise<PushResult> {
    const devices = await this.subscriptions.listOf(userId);
    const done = await this.subscriptions.sentTo(
      key,
      devices.map((device) => device.id),
    );
    const outcomes = await Promise.all(
      devices.filter((device) => !done.has(device.id)).map((device) => this.deliver(device, message, key)),
    );
    const count = (outcome: Outcome) => outcomes.filter((o) => o === outcome).length;
    return { sent: done.size + count('sent'), removed: count('removed'), failed: count('failed') };
  }

  private async deliver(device: StoredPushSubscription, message: PushMessage, key: string): Promise<Outcome> {
    const payload = JSON.stringify({
      title: clip(message.title, MAX_TITLE),
      body: clip(message.body, MAX_BODY),
      url: message.url,
      tag: message.tag,
    });
    const request = webpush.generateRequestDetails({ endpoint: device.endpoint, keys: device.keys }, payload, {
      vapidDetails: this.vapid,
      TTL: this.options.ttlSeconds ?? DAY_MS / 1000,
      urgency: 'normal',
      topic: topicOf(message.tag),
      contentEncoding: 'aes128gcm',
    });
    let status: number;
    try {
      const response = await fetch(request.endpoint, {
        method: 'POST',
        headers: request.headers as Record<string, string>,
        body: new Uint8Array(request.body),
        redirect: 'manual',
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
      });
      status = response.status;
      await response.body?.cancel();
    } catch (error) {
      this.options.logger?.warn({ err: error, device: device.id }, 'push service unreachable');
      return 'failed';
    }
    if (status >= 200 && status < 300) {
      const now = this.options.now();
      await this.subscriptions.recordSent(key, device.id, new Date(now), new Date(now - (this.options.deliveryMemoryMs ?? 7 * DAY_MS)));
      return 'sent';
    }
    if (status === 404 || status === 410) {
      await this.subscriptions.forget(device.id);
      return 'removed';
    }
    this.options.logger?.warn({ status, device: device.id }, 'push service refused a message');
    return 'failed';
  }
}

/** The PushSender of a server without VAPID keys (services mode without VAPID_*): no device can have subscribed, so nothing is sent. */
export const NO_PUSH: PushSender = { send: async () => ({ sent: 0, removed: 0, failed: 0 }) };
