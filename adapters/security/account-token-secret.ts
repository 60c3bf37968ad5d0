// The secret of a mailed link and what is stored of it. 32 random bytes
// (256 bits) cannot be guessed, so a fast hash is enough to keep a stolen
// table of hashes from being a table of links (no salt or slow hash needed,
// and a lookup by hash stays an index lookup).
import { createHash, randomBytes } from 'node:crypto';

export function newAccountToken(): string {
  return randomBytes(32).toString('base64url');
}

export function accountTokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
