// What a browser's push subscription must look like before it is kept: an
// https endpoint (the push service's address for one browser) of a sane
// length, and the two keys of RFC 8291 (p256dh: the browser's P-256 public
// key, uncompressed, 65 bytes; auth: a 16-byte secret), in base64url. Pushes
// are POSTed to the endpoint from the server, so an endpoint on this machine
// or at an IP address is refused (tests may allow loopback).
import { DomainError } from '@domain/errors';

export interface PushSubscriptionInput {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** Longer than any push service's (FCM's are about 200 characters, Apple's and Mozilla's under 400). */
const MAX_ENDPOINT_LENGTH = 2000;
/** Devices (browsers, phones) a student may turn notifications on for; the oldest goes when an 11th subscribes. */
export const MAX_PUSH_DEVICES = 10;

class InvalidPushSubscriptionError extends DomainError {
  constructor(message: string) {
    super('INVALID_PUSH_SUBSCRIPTION', message);
  }
}

/** Loopback hosts: localhost and 127.0.0.0/8, ::1. */
function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname.endsWith('.localhost') || /^127\.\d+\.\d+\.\d+$/.test(hostname) || hostname === '[::1]';
}

/** An IP literal: push services have public DNS names, so an address names a machine of some network, perhaps ours. */
const isIpLiteral = (hostname: string) => /^\d+\.\d+\.\d+\.\d+$/.test(hostname) || hostname.startsWith('[');

/** 65 bytes of base64url whose first byte is 4 (an uncompressed point) begin with B and run 87 characters. */
const P256DH = /^B[A-Za-z0-9_-]{86}$/;
/** 16 bytes of base64url: 22 characters. */
const AUTH = /^[A-Za-z0-9_-]{22}$/;

/** Refuses a subscription the server could not or should not push to; answers it with its keys unpadded. */
export function checkPushSubscription(input: PushSubscriptionInput, options: { allowLoopback: boolean }): PushSubscriptionInput {
  const { endpoint } = input;
  if (endpoint.length > MAX_ENDPOINT_LENGTH || !URL.canParse(endpoint)) {
    throw new InvalidPushSubscriptionError('The push endpoint must be an https:// URL of at most 2000 characters.');
  }
  const url = new URL(endpoint);
  const loopback = isLoopback(url.hostname);
  if (loopback ? !options.allowLoopback : url.protocol !== 'https:' || isIpLiteral(url.hostname)) {
    throw new InvalidPushSubscriptionError("The push endpoint must be an https:// URL of a browser's push service.");
  }
  if (!['https:', 'http:'].includes(url.protocol) || url.username || url.password || url.hash) {
    throw new InvalidPushSubscriptionError('The push endpoint must be an https:// URL without credentials or fragment.');
  }
  const p256dh = input.keys.p256dh.replace(/=+$/, '');
  const auth = input.keys.auth.replace(/=+$/, '');
  if (!P256DH.test(p256dh)) {
    throw new InvalidPushSubscriptionError('The p256dh key must be an uncompressed P-256 public key (65 bytes, base64url).');
  }
  if (!AUTH.test(auth)) {
    throw new InvalidPushSubscriptionError('The auth key must be 16 bytes in base64url.');
  }
  return { endpoint, keys: { p256dh, auth } };
}
