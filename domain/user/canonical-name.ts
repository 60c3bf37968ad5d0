// The identity form of a username or an email address: what storage, lookups,
// uniqueness and rate-limit keys compare. There is exactly one, and SQL never
// re-derives it (no lower() in a query), so the account a login finds and the
// counters that attempt is charged to always come from the same string.
//
// NFKC first folds compatibility twins onto their plain form (full-width
// letters, ligatures such as "ﬁ", the Kelvin sign). Lower-, upper-, then
// lower-casing again folds case the same way whatever the runtime's locale,
// including the expansions plain lower-casing misses ("ß" and "ẞ" both become
// "ss", the long "ſ" becomes "s"); it is close to Unicode's default case
// folding and a little broader (the dotless "ı" also becomes "i"), and it is
// idempotent (tests/unit/canonical-name.test.ts checks every code point).
// A last NFKC recomposes what case mapping decomposed, and surrounding
// whitespace is dropped. The capital dotted "İ" lower-cases to "i" + U+0307,
// so it stays distinct from "i".
// Invisible characters are not removed here: sign-up refuses them instead.

declare const canonical: unique symbol;
/** A string that went through canonicalName; ports that look accounts up take only this. */
export type CanonicalName = string & { readonly [canonical]: true };

export function canonicalName(value: string): CanonicalName {
  return value.normalize('NFKC').toLowerCase().toUpperCase().toLowerCase().normalize('NFKC').trim() as CanonicalName;
}
