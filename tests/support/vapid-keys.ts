// Web push keys for the tests, made as an operator makes them (`npx web-push generate-vapid-keys`).
import { createECDH } from 'node:crypto';

/** A VAPID key pair as an operator gives it (VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY, base64url) and a subject. */
export function operatorVapidKeys(): Record<'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY' | 'VAPID_SUBJECT', string> {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const scalar = ecdh.getPrivateKey();
  return {
    VAPID_PUBLIC_KEY: ecdh.getPublicKey('base64url'),
    VAPID_PRIVATE_KEY: Buffer.concat([Buffer.alloc(32 - scalar.length), scalar]).toString('base64url'),
    VAPID_SUBJECT: 'mailto:ops@swamp.example.edu',
  };
}
