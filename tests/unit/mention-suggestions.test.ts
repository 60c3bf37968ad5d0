import { describe, expect, it } from 'vitest';
import type { Member } from '@contract/members';
import { insertMention, mentionQueryAt, suggestMembers } from '@web/features/chat/mention-suggestions';

function member(username: string, first_name: string, last_name: string, id = username.length): Member {
  return { id, username, first_name, last_name, major: '', year: '', bio: '', verified: true };
}

const room = [
  member('ben_c', 'Ben', 'Carter'),
  member('bertha', 'Bertha', 'Alvarez'),
  member('jdiaz', 'José', 'Díaz'),
  member('casey', 'Casey', 'Benson'),
  member('me_myself', 'Benny', 'Self'),
];

describe('mention suggestions', () => {
  it('finds the word after an @ at the caret, not inside addresses or after the caret', () => {
    expect(mentionQueryAt('hi @Be', 6)).toEqual({ start: 3, query: 'Be' });
    expect(mentionQueryAt('@', 1)).toEqual({ start: 0, query: '' });
    expect(mentionQueryAt('(@jo', 4)).toEqual({ start: 1, query: 'jo' });
    expect(mentionQueryAt('mail bob@ufl', 12)).toBeNull();
    expect(mentionQueryAt('@ben said', 9)).toBeNull();
    expect(mentionQueryAt('@Jos', 4)).toEqual({ start: 0, query: 'Jos' });
    expect(mentionQueryAt('@Jos\u00e9', 5)).toEqual({ start: 0, query: 'José' });
  });

  it('matches usernames, first, last and full names from their start, accents and case aside, never the student', () => {
    expect(suggestMembers(room, 'be', 'me_myself').map((m) => m.username)).toEqual(['ben_c', 'bertha', 'casey']);
    expect(suggestMembers(room, 'Ben C', 'me_myself').map((m) => m.username)).toEqual(['ben_c']);
    expect(suggestMembers(room, 'jose', 'me_myself').map((m) => m.username)).toEqual(['jdiaz']);
    expect(suggestMembers(room, 'diaz', 'me_myself').map((m) => m.username)).toEqual(['jdiaz']);
    expect(suggestMembers(room, 'benny', 'me_myself')).toEqual([]);
    expect(suggestMembers(room, 'zz', 'me_myself')).toEqual([]);
    expect(suggestMembers(room, '', 'me_myself')).toHaveLength(4);
  });

  it('offers at most six names', () => {
    const crowd = Array.from({ length: 20 }, (_, i) => member(`sam${i}`, 'Sam', `Lee${i}`, i));
    expect(suggestMembers(crowd, 'sa', 'me')).toHaveLength(6);
  });

  it('puts the username in place of the query, with one space after it', () => {
    expect(insertMention('hi @Be', 3, 6, 'ben_c')).toEqual({ text: 'hi @ben_c ', caret: 10 });
    expect(insertMention('hi @Be see you', 3, 6, 'ben_c')).toEqual({ text: 'hi @ben_c see you', caret: 10 });
  });
});
