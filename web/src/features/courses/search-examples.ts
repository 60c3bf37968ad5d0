// The search panel's examples, taken from the shipped catalog (UF's Fall 2025
// schedule in adapters/catalog/seed): each finds a section there, which
// tests/integration/shipped-catalog.test.ts checks.
export const SEARCH_EXAMPLES = {
  /** The search box's: a code, a title word, an instructor and a class number. */
  q: ['CAI 6307', 'photonics', 'Dorr', '26564'],
  name: 'Data Science',
  courseCode: 'CAP5771',
} as const;

export const SEARCH_HINT = `e.g. ${SEARCH_EXAMPLES.q.slice(0, -1).join(', ')} or ${SEARCH_EXAMPLES.q.at(-1)}`;
