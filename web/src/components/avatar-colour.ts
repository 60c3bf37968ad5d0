// The colour of a student's initials, chosen by their id: the same on every
// screen, and different for students whose ids are close (classmates who
// signed up around the same time), so two "AG"s side by side are told apart.
// Every entry carries white text at 4.5:1 or more (WCAG AA, checked by
// tests/unit/display-name.test.ts); neighbours in the list differ in hue.
export const AVATAR_COLOURS = [
  '#0021a5', // UF blue
  '#a23b00', // burnt orange
  '#0f6b6b', // teal
  '#6b3fa0', // purple
  '#2f6b1f', // leaf green
  '#ad1457', // pink
  '#455a64', // slate
  '#8a4b08', // brown
  '#1d4d3a', // swamp green
  '#6a1b4d', // plum
  '#5f6b00', // olive
  '#2e5e8c', // steel blue
] as const;

export function avatarColour(studentId: number): string {
  const index = ((Math.trunc(studentId) % AVATAR_COLOURS.length) + AVATAR_COLOURS.length) % AVATAR_COLOURS.length;
  return AVATAR_COLOURS[index];
}
