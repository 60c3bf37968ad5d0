// The wire shapes of web push: the server's VAPID public key a browser
// subscribes with, the subscription the browser made (PushSubscription's
// toJSON), and what a test notification reached.
import * as z from 'zod/mini';

/** The server's public key, or null when push is off on this server (services mode without VAPID keys). */
export const pushKeyAnswer = z.object({
  enabled: z.boolean(),
  /** base64url, an uncompressed P-256 point: pushManager.subscribe's applicationServerKey. */
  publicKey: z.nullable(z.string()),
});

/** One line of printable ASCII: what an endpoint URL and base64url keys are. */
const ascii = (max: number) =>
  z
    .string({ error: 'must be a string' })
    .check(z.maxLength(max, `must be at most ${max} characters`), z.regex(/^[\x21-\x7e]+$/, 'must be printable ASCII'));

const pushEndpoint = ascii(2000);

/** What PushSubscription.toJSON() gives, as the browser made it. */
export const savePushSubscriptionBody = z.object({
  endpoint: pushEndpoint,
  /** Ignored: push services say when a subscription ends (404/410). */
  expirationTime: z.optional(z.nullable(z.number())),
  keys: z.object({ p256dh: ascii(200), auth: ascii(100) }),
});

export const savePushSubscriptionAnswer = z.object({ subscribed: z.literal(true) });

export const deletePushSubscriptionBody = z.object({ endpoint: pushEndpoint });

export const deletePushSubscriptionAnswer = z.object({
  /** False when this device was not on (already off, or never turned on for you). */
  removed: z.boolean(),
});

/** What a test notification reached: devices sent to, forgotten (the push service said they are gone), and unreachable now. */
export const testNotificationAnswer = z.object({ sent: z.int(), removed: z.int(), failed: z.int() });
