// The one text policy every field passes at the edge.
import { describe, expect, it } from 'vitest';
import { applyTextPolicy, cleanText, utf8ByteLength } from '@domain/text/text-policy';

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

describe('cleanText (text from elsewhere, kept rather than refused)', () => {
  it('drops control characters, turns line breaks and tabs into spaces in a single-line text, and keeps them in a multi-line one', () => {
    expect(cleanText(' a\u0000b\u001Bc\u007Fd\u0085e\tf\ng ', { max: 100 })).toBe('abcde f g');
    expect(cleanText('a\r\nb\rc\td\u000Be\u0000', { max: 100, multiline: true })).toBe('a\nb\nc\tde');
  });

  it('turns a broken surrogate into U+FFFD, keeps paired ones, and normalises to NFC', () => {
    expect(cleanText('x\uD800y\uDC00 🐊 Jose\u0301', { max: 100 })).toBe('x\uFFFDy\uFFFD 🐊 Jos\u00E9');
  });

  it('cuts at max characters counted as Postgres counts them, ending with an ellipsis, never inside a character', () => {
    expect(cleanText('abcdef', { max: 6 })).toBe('abcdef');
    expect(cleanText('abcdefg', { max: 6 })).toBe('abcde…');
    expect(cleanText('🐊'.repeat(6), { max: 6 })).toBe('🐊'.repeat(6));
    const cut = cleanText(`a${'🐊'.repeat(10)}`, { max: 6 });
    expect(cut).toBe(`a${'🐊'.repeat(4)}…`);
    expect([...cut]).toHaveLength(6);
  });
});

describe('utf8ByteLength', () => {
  it.each([
    ['empty', ''],
    ['ASCII', 'swamp'],
    ['two-byte', 'é'.repeat(37)],
    ['three-byte', '中文'],
    ['four-byte', '🐊🐊'],
    ['lone surrogate', 'a\uD800b'],
    ['mixed', 'Gä中🐊\uDC00'],
  ])('counts %s text as TextEncoder encodes it', (_, text) => {
    expect(utf8ByteLength(text)).toBe(new TextEncoder().encode(text).length);
  });
});
