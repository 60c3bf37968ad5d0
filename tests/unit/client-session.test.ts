// Who is signed in, on the client (web/src/lib/session.ts): one state held by
// the session query. Signing in or out drops the answers cached for another
// student but never the session itself, and a check still on its way cannot
// overwrite what the tab learned meanwhile.
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { User } from '@contract/auth';
import { queryKeys } from '@web/lib/query-keys';
import { currentUser, signedIn, signedOut } from '@web/lib/session';

const student = (id: number, username: string): User => ({
  id,
  firstName: username,
  lastName: 'Gator',
  username,
  email: `${username}@ufl.edu`,
  major: 'CS',
  year: '2',
  bio: '',
  emailVerified: true,
});
const alberta = student(7, 'alberta');
const bert = student(8, 'bert');

describe('the session on the client', () => {
  it('keeps the cached answers for the same student, drops them for another, and keeps the session itself', () => {
    const client = new QueryClient();
    client.setQueryData(queryKeys.dashboard, 'alberta’s dashboard');
    // The server's first answer, or a login from the unknown state: nothing cached belongs to anyone else.
    signedIn(client, alberta);
    signedIn(client, { ...alberta, bio: 'Her profile, edited' });
    expect(client.getQueryData(queryKeys.dashboard)).toBe('alberta’s dashboard');
    expect(currentUser(client)?.bio).toBe('Her profile, edited');

    signedIn(client, bert);
    expect(client.getQueryData(queryKeys.dashboard)).toBeUndefined();
    expect(currentUser(client)?.username).toBe('bert');

    client.setQueryData(queryKeys.userDetails, bert);
    signedOut(client);
    expect(client.getQueryData(queryKeys.userDetails)).toBeUndefined();
    expect(currentUser(client)).toBeUndefined();
    expect(client.getQueryData(queryKeys.session)).toEqual({ status: 'signedOut' });
  });

  it('calls off a check still on its way, so its answer does not overwrite a login', async () => {
    const client = new QueryClient();
    let answer: (value: unknown) => void = () => undefined;
    const check = client.fetchQuery({ queryKey: queryKeys.session, queryFn: () => new Promise((resolve) => (answer = resolve)) });
    signedIn(client, alberta);
    answer({ status: 'signedOut' });
    await check.catch(() => undefined);
    expect(currentUser(client)?.username).toBe('alberta');
  });
});
