// The one text policy every field passes at the edge.
import { describe, expect, it } from 'vitest';
import { applyTextPolicy } from '../../domain/text/text-policy';

describe('applyTextPolicy', () => {
  it.each([
    ['NUL', 'a\u0000b', 'U+0000'],
    ['escape', 'a\u001Bb', 'U+001B'],
    ['DEL', 'a\u007Fb', 'U+007F'],
    ['C1 next line', 'a\u0085b', 'U+0085'],
    ['C1 CSI', '\u009B31m', 'U+009B'],
  ])('refuses %s in any field', (_, value, codePoint) => {
    for (const multiline of [false, true]) {
      const verdict = applyTextPolicy(value, { multiline });
      expect(verdict.ok).toBe(false);
      expect(verdict.ok ? '' : verdict.reason).toContain(codePoint);
    }
  });

  it('refuses lone surrogates, high or low, but keeps paired ones (emoji)', () => {
    for (const value of ['\uD800', 'x\uDBFFy', '\uDC00x', 'ok\uDFFF', '\uDC00\uD800']) {
      expect(applyTextPolicy(value)).toMatchObject({ ok: false, reason: expect.stringContaining('surrogate') });
    }
    expect(applyTextPolicy('Go Gators 🐊')).toEqual({ ok: true, text: 'Go Gators 🐊' });
  });

  it('allows newlines and tabs only in multi-line fields, and turns CRLF and CR into LF', () => {
    expect(applyTextPolicy('a\nb').ok).toBe(false);
    expect(applyTextPolicy('a\tb').ok).toBe(false);
    expect(applyTextPolicy('a\r\nb\rc\td', { multiline: true })).toEqual({ ok: true, text: 'a\nb\nc\td' });
    expect(applyTextPolicy('a\u000Bb', { multiline: true }).ok).toBe(false);
  });

  it('normalises to NFC, so one letter typed two ways is the same text', () => {
    const decomposed = 'Jose\u0301';
    const verdict = applyTextPolicy(decomposed);
    expect(verdict).toEqual({ ok: true, text: 'Jos\u00E9' });
  });

  it('leaves format characters to the fields that refuse them (emoji joiners are text)', () => {
    expect(applyTextPolicy('👩\u200D💻 studying')).toEqual({ ok: true, text: '👩\u200D💻 studying' });
  });
});
