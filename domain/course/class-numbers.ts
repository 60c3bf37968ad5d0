// "Add my classes": the class numbers a student pastes or types, and what
// happened to each.

/** More than a full load of classes several times over; a longer list is a mistake, not a schedule. */
export const MAX_CLASS_NUMBERS = 20;

export type ClassNumberOutcome = 'joined' | 'already-member' | 'not-found';

export interface ParsedClassNumbers {
  /** Distinct, in the order first typed. */
  numbers: number[];
  /** Pieces that are not class numbers, as typed. */
  invalid: string[];
}

/** "12345, 23456 34567" -> [12345, 23456, 34567]; separators are commas, semicolons and whitespace. */
export function parseClassNumbers(text: string): ParsedClassNumbers {
  const numbers: number[] = [];
  const invalid: string[] = [];
  for (const piece of text.split(/[\s,;]+/).filter(Boolean)) {
    const value = /^#?\d{1,9}$/.test(piece) ? Number(piece.replace('#', '')) : 0;
    if (value > 0) {
      if (!numbers.includes(value)) numbers.push(value);
    } else {
      invalid.push(piece);
    }
  }
  return { numbers, invalid };
}
