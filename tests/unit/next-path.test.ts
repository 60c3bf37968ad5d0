// The page a login leads to (?next=): only a path of this site is followed.
import { describe, expect, it } from 'vitest';
import { sameSitePath, withNext } from '@web/lib/next-path';

describe('the ?next= a login follows', () => {
  it.each([
    ['/study-group/12', '/study-group/12'],
    ['/course/3', '/course/3'],
    ['/search-courses?code=COP3502C&term=Fall%202025#results', '/search-courses?code=COP3502C&term=Fall%202025#results'],
    ['/', '/'],
  ])('follows the path %j', (raw, path) => {
    expect(sameSitePath(raw)).toBe(path);
  });

  it.each([
    null,
    '',
    '//evil.example',
    '//evil.example/study-group/12',
    '/\\evil.example',
    '\\\\evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    'https://evil.example',
    'HTTPS://evil.example/',
    'javascript:alert(1)',
    'evil.example/path',
    'study-group/12',
    ' /study-group/12',
  ])('refuses %j', (raw) => {
    expect(sameSitePath(raw)).toBeNull();
  });

  it('carries the path through the Log In and Create Account addresses, encoded', () => {
    expect(withNext('/log-in', '/study-group/12')).toBe('/log-in?next=%2Fstudy-group%2F12');
    expect(withNext('/sign-up', '/search-courses?code=A&term=B#x')).toBe('/sign-up?next=%2Fsearch-courses%3Fcode%3DA%26term%3DB%23x');
    expect(withNext('/log-in', '/')).toBe('/log-in');
    expect(withNext('/sign-up', null)).toBe('/sign-up');
  });
});
