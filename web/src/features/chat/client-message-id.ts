// A post's own id, made when the student sends a draft and sent again with
// every retry of it, so the server stores the post once however often its
// answer is lost. crypto.randomUUID exists only in secure contexts (https,
// localhost); getRandomValues everywhere, so a page served over plain http
// gets 32 hex digits from it instead.
export function newClientMessageID(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
