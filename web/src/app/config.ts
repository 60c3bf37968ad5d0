// Product constants that are edited by hand rather than fetched.

/** The team shown under "Created By" on the landing page, in display order. */
export const CREATORS: ReadonlyArray<{ firstName: string; lastName: string }> = [
  { firstName: 'Alex', lastName: 'Morgan' },
  { firstName: 'Jordan', lastName: 'Rivera' },
  { firstName: 'Priya', lastName: 'Patel' },
  { firstName: 'Marcus', lastName: 'Chen' },
  { firstName: 'Sofia', lastName: 'Alvarez' },
];
