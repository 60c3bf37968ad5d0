// The one identity form of usernames and addresses (domain/user/canonical-name.ts).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalName } from '@domain/user/canonical-name';

describe('canonicalName', () => {
  it.each([
    ['Albert', 'albert'],
    ['  ALBERT.Gator ', 'albert.gator'],
    ['ＡＬＢＥＲＴ', 'albert'], // full-width letters
    ['\u212Aelly', 'kelly'], // Kelvin sign
    ['ﬁsh', 'fish'], // ligature
    ['Straße', 'strasse'],
    ['STRAẞE', 'strasse'],
    ['ſam', 'sam'], // long s
    ['Albert@UFL.EDU', 'albert@ufl.edu'],
  ])('folds %j to %j', (input, expected) => {
    expect(canonicalName(input)).toBe(expected);
  });

  it('keeps the capital dotted I apart from i (it becomes i + U+0307)', () => {
    expect(canonicalName('L\u0130BBY')).toBe('li\u0307bby');
    expect(canonicalName('L\u0130BBY')).not.toBe(canonicalName('LIBBY'));
  });

  it('leaves invisible characters in place (sign-up refuses them)', () => {
    expect(canonicalName('sp\u200b@ufl.edu')).not.toBe(canonicalName('sp@ufl.edu'));
  });

  it('is idempotent on every code point', () => {
    const moved: string[] = [];
    for (let cp = 0; cp <= 0x10ffff; cp += 1) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      const once = canonicalName(String.fromCodePoint(cp));
      if (canonicalName(once) !== once) moved.push(cp.toString(16));
    }
    expect(moved).toEqual([]);
  });

  it('is idempotent on strings', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 12 }), (s) => canonicalName(canonicalName(s)) === canonicalName(s)),
      { seed: 20261122, numRuns: 5000 },
    );
  });
});
