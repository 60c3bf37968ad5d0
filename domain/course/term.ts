// Terms are named like "Fall 2025"; newest first means by year, then Fall >
// Summer > Spring (UF's own term codes order them the same way: 2258 > 2255 > 2251;
// adapters/catalog reads those codes).
const SEASONS: Record<string, number> = { spring: 1, summer: 5, fall: 8 };
const TERM = /^(Spring|Summer|Fall)\s+(\d{4})$/i;

export function isTermName(value: string): boolean {
  return TERM.test(value.trim());
}

/** A sortable number for a term name ("Fall 2025" -> 20258), 0 when unknown. */
export function termRank(term: string): number {
  const match = TERM.exec(term.trim());
  if (!match) return 0;
  return Number(match[2]) * 10 + SEASONS[match[1].toLowerCase()];
}

/** The canonical spelling: "fall 2025" -> "Fall 2025". */
export function canonicalTerm(term: string): string {
  const match = TERM.exec(term.trim());
  if (!match) return term.trim();
  const season = match[1].toLowerCase();
  return `${season[0].toUpperCase()}${season.slice(1)} ${match[2]}`;
}

export function newestTermsFirst(terms: string[]): string[] {
  return [...terms].sort((a, b) => termRank(b) - termRank(a) || a.localeCompare(b));
}

/** The terms the product has always offered (spec section 9); the term select lists them even before their sections are loaded. */
const OFFERED_TERMS = ['Fall 2025', 'Spring 2025', 'Summer 2025'];

/** The catalog's terms with the offered ones, newest first, once each. */
export function termsToOffer(catalogTerms: string[]): string[] {
  return newestTermsFirst([...new Set([...catalogTerms, ...OFFERED_TERMS])]);
}
