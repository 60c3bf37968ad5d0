// How a student is shown: the one display rule for names (domain/user/display-name.ts)
// and the initials' colours (web/src/components/avatar-colour.ts).
import { describe, expect, it } from 'vitest';
import { capitaliseWords, displayName, initialsOf } from '@domain/user/display-name';
import { AVATAR_COLOURS, avatarColour } from '@web/components/avatar-colour';

describe('the display rule for names', () => {
  it.each([
    ['alice gator', 'Alice Gator'],
    ['ben McDonald', 'Ben McDonald'],
    ["mary-jane o'neil", "Mary-Jane O'Neil"],
    ['mary-jane o’neil', 'Mary-Jane O’Neil'],
    ['  carla   de la cruz ', 'Carla De La Cruz'],
    ['ALICE', 'ALICE'],
    ['DeShawn van der Berg', 'DeShawn Van Der Berg'],
    ['élodie', 'Élodie'],
    ['łukasz żółw', 'Łukasz Żółw'],
    ['istanbul', 'Istanbul'],
    ['x æ a-12', 'X Æ A-12'],
    ['', ''],
  ])('%j is shown as %j', (typed, shown) => {
    expect(capitaliseWords(typed)).toBe(shown);
  });

  it('shows first and last name through the rule, and the username when both are blank', () => {
    expect(displayName({ firstName: 'ben', lastName: 'McDonald', username: 'ben_m' })).toBe('Ben McDonald');
    expect(displayName({ firstName: ' alice ', lastName: '', username: 'ag' })).toBe('Alice');
    expect(displayName({ firstName: ' ', lastName: '', username: 'gator_fan' })).toBe('gator_fan');
  });

  it('changes nothing when applied twice', () => {
    for (const typed of ['alice gator', "mary-jane o'neil", 'ben McDonald']) {
      expect(capitaliseWords(capitaliseWords(typed))).toBe(capitaliseWords(typed));
    }
  });

  it.each([
    [{ firstName: 'alice', lastName: 'gator', username: 'a' }, 'AG'],
    [{ firstName: 'mary-jane', lastName: "o'neil", username: 'm' }, 'MO'],
    [{ firstName: '  élodie', lastName: 'roux', username: 'e' }, 'ÉR'],
    [{ firstName: '𝒜da', lastName: 'lovelace', username: 'a' }, '𝒜L'],
    [{ firstName: '', lastName: '', username: 'gator_fan' }, 'G'],
    [{ firstName: '', lastName: '', username: '' }, '?'],
  ])('initials of %j are %j', (person, initials) => {
    expect(initialsOf(person)).toBe(initials);
  });
});

// WCAG 2.x relative luminance and contrast ratio.
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((at) => {
    const channel = Number.parseInt(hex.slice(at, at + 2), 16) / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
const contrastWithWhite = (hex: string) => 1.05 / (luminance(hex) + 0.05);

describe('the initials colours', () => {
  it('has at least 12 different colours', () => {
    expect(AVATAR_COLOURS.length).toBeGreaterThanOrEqual(12);
    expect(new Set(AVATAR_COLOURS.map((colour) => colour.toLowerCase())).size).toBe(AVATAR_COLOURS.length);
  });

  it.each(AVATAR_COLOURS.map((colour) => [colour]))('%s carries white text at 4.5:1 or more', (colour) => {
    expect(colour).toMatch(/^#[0-9a-f]{6}$/i);
    expect(contrastWithWhite(colour)).toBeGreaterThanOrEqual(4.5);
  });

  it('computes contrast as WCAG does (the check can fail)', () => {
    expect(contrastWithWhite('#000000')).toBeCloseTo(21, 5);
    expect(contrastWithWhite('#777777')).toBeLessThan(4.5);
  });

  it('gives a student the same colour every time, and students with close ids different ones', () => {
    expect(avatarColour(41)).toBe(avatarColour(41));
    for (let id = 1; id < 200; id += 1) {
      const neighbours = new Set(Array.from({ length: AVATAR_COLOURS.length }, (_, offset) => avatarColour(id + offset)));
      expect(neighbours.size).toBe(AVATAR_COLOURS.length);
    }
  });
});
