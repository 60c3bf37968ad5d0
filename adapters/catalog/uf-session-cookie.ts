// The operator's ONE.UF session (UF_SOC_COOKIE) is a password in all but
// name: whoever holds it is signed in as that person. It goes into the
// Cookie header and nowhere else; every line the sync writes that could
// carry it (an error naming what UF answered, a rejected record) is masked.

/** What a masked piece of the cookie reads as. */
const COOKIE_MASK = '[UF_SOC_COOKIE]';

/** A value this short is no session token, and masking it would blank ordinary words and numbers. */
const MIN_SECRET_LENGTH = 8;

/**
 * Masks the cookie in a text: the whole header, each `name=value` pair and
 * each value of 8 characters or more, also percent-encoded. No cookie: the
 * text as it is.
 */
export function cookieMask(cookie: string | undefined): (text: string) => string {
  if (!cookie) return (text) => text;
  const pieces = new Set<string>([cookie]);
  for (const pair of cookie.split(';')) {
    const trimmed = pair.trim();
    const value = trimmed.slice(trimmed.indexOf('=') + 1);
    if (trimmed.length >= MIN_SECRET_LENGTH) pieces.add(trimmed);
    if (value.length >= MIN_SECRET_LENGTH) {
      pieces.add(value);
      pieces.add(encodeURIComponent(value));
    }
  }
  // Longest first: a value inside the whole header is masked with it, not left in parts.
  const ordered = [...pieces].filter((piece) => piece.length > 0).sort((a, b) => b.length - a.length);
  return (text) => ordered.reduce((masked, piece) => masked.split(piece).join(COOKIE_MASK), text);
}
