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
