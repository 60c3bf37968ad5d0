// What a chat message shows: its links (http and https only, bare forms too) and mentions.
import { describe, expect, it } from 'vitest';
import { messageSpans } from '@web/features/chat/message-spans';

const people = new Set(['ben', 'carla_r']);
const spansOf = (text: string, me = 'carla_r') => messageSpans(text, (name) => people.has(name), me);
const linksOf = (text: string) => spansOf(text).filter((span) => span.kind === 'link');

describe('messageSpans', () => {
  it('makes full, www. and bare links clickable, keeping the text around them', () => {
    expect(spansOf('Zoom: https://zoom.us/j/123?pwd=x, slides at www.ufl.edu.')).toEqual([
      { kind: 'text', text: 'Zoom: ' },
      { kind: 'link', text: 'https://zoom.us/j/123?pwd=x', href: 'https://zoom.us/j/123?pwd=x' },
      { kind: 'text', text: ', slides at ' },
      { kind: 'link', text: 'www.ufl.edu', href: 'http://www.ufl.edu' },
      { kind: 'text', text: '.' },
    ]);
    expect(linksOf('join zoom.us/j/987 now')).toEqual([{ kind: 'link', text: 'zoom.us/j/987', href: 'http://zoom.us/j/987' }]);
  });

  it('never makes a link of a script, data or mail address', () => {
    for (const text of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(document.cookie)',
      'data:text/html,<script>x</script>',
      'ben@ufl.edu',
      'vbscript:msgbox',
    ]) {
      expect(linksOf(text)).toEqual([]);
      expect(
        spansOf(text)
          .map((span) => span.text)
          .join(''),
      ).toBe(text);
    }
  });

  it('marks mentions of the room’s people, the reader’s apart, and leaves a mention inside a link to the link', () => {
    expect(spansOf('@ben see https://x.com/@ben and @Carla_R')).toEqual([
      { kind: 'mention', text: '@ben', me: false },
      { kind: 'text', text: ' see ' },
      { kind: 'link', text: 'https://x.com/@ben', href: 'https://x.com/@ben' },
      { kind: 'text', text: ' and ' },
      { kind: 'mention', text: '@Carla_R', me: true },
    ]);
  });

  it('gives back plain text whole', () => {
    expect(spansOf('no links here\nsecond line')).toEqual([{ kind: 'text', text: 'no links here\nsecond line' }]);
    expect(spansOf('')).toEqual([]);
  });
});
