// Class standing ("year") as the API sends it and as students read it.
export type Year = '1' | '2' | '3' | '4';

export const CLASS_STANDINGS: ReadonlyArray<{ value: Year; label: string }> = [
  { value: '1', label: 'Freshman' },
  { value: '2', label: 'Sophomore' },
  { value: '3', label: 'Junior' },
  { value: '4', label: 'Senior' },
];

export function isYear(value: string): value is Year {
  return CLASS_STANDINGS.some((standing) => standing.value === value);
}

export function classStandingLabel(year: Year | null): string | null {
  return CLASS_STANDINGS.find((standing) => standing.value === year)?.label ?? null;
}
