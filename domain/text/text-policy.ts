// The one rule every piece of text a student sends passes before anything
// stores or compares it: no control characters (C0, DEL, C1; newline and tab
// are allowed in multi-line fields), no lone UTF-16 surrogates (they have no
// UTF-8 form, so Postgres and JSON cannot keep them), and Unicode NFC, so that
// "é" typed as one or two code points is the same text everywhere.

export interface TextPolicyOptions {
  /** Multi-line fields (chat, bio, descriptions) keep newlines and tabs; CRLF and CR become LF. */
  multiline?: boolean;
}

export type TextVerdict = { ok: true; text: string } | { ok: false; reason: string };

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
// C0 (U+0000-U+001F), DEL (U+007F) and C1 (U+0080-U+009F).
const CONTROL = /[\u0000-\u001F\u007F-\u009F]/;
const CONTROL_EXCEPT_LINE_BREAKS = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/;

const codePoint = (char: string) => `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

export function applyTextPolicy(value: string, options: TextPolicyOptions = {}): TextVerdict {
  if (LONE_SURROGATE.test(value)) {
    return { ok: false, reason: 'contains a broken character (an unpaired UTF-16 surrogate)' };
  }
  const text = options.multiline ? value.replace(/\r\n?/g, '\n') : value;
  const control = (options.multiline ? CONTROL_EXCEPT_LINE_BREAKS : CONTROL).exec(text);
  if (control) {
    const allowed = options.multiline ? ' (only line breaks and tabs are allowed)' : '';
    return { ok: false, reason: `contains a control character (${codePoint(control[0])})${allowed}` };
  }
  return { ok: true, text: text.normalize('NFC') };
}

/** A text's length as Postgres counts it for a varchar column: code points, so an emoji is one character. */
export function characterCount(text: string): number {
  return [...text].length;
}

export interface CleanTextOptions extends TextPolicyOptions {
  /** The most characters (code points, as Postgres counts them) to keep; a longer text is cut and ends with "…". */
  max: number;
}

const LONE_SURROGATES = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const LINE_BREAKS_AND_TABS = /[\t\n\r]/g;
const CONTROLS = /[\u0000-\u001F\u007F-\u009F]/g;
const CONTROLS_EXCEPT_LINE_BREAKS = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/g;

/**
 * The same policy for text that comes from elsewhere (UF's catalog) and is
 * kept rather than refused: a broken surrogate becomes U+FFFD, control
 * characters go (in a single-line text a line break or tab becomes a space),
 * NFC, trimmed, and cut to `max` characters, never inside a character.
 */
export function cleanText(value: string, options: CleanTextOptions): string {
  let text = value.replace(LONE_SURROGATES, '\uFFFD');
  text = options.multiline
    ? text.replace(/\r\n?/g, '\n').replace(CONTROLS_EXCEPT_LINE_BREAKS, '')
    : text.replace(LINE_BREAKS_AND_TABS, ' ').replace(CONTROLS, '');
  text = text.normalize('NFC').trim();
  if (text.length <= options.max) return text;
  const chars = [...text];
  return chars.length <= options.max ? text : `${chars.slice(0, options.max - 1).join('')}…`;
}

/**
 * The length of `text` in UTF-8 bytes (a lone surrogate counts as the three
 * bytes of U+FFFD, as TextEncoder writes it). Computed here because the domain
 * runs without the DOM's or Node's encoders.
 */
export function utf8ByteLength(text: string): number {
  let bytes = 0;
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}
