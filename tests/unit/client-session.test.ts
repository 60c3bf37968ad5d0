// Who is signed in, on the client (web/src/lib/session.ts): a small store of
// its own (the public screens load no query client). Signing in or out drops
// the answers the signed-in app's query client cached for another student,
// and a check still on its way cannot overwrite what the tab learned meanwhile.
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@contract/auth';
import { queryKeys } from '@web/lib/query-keys';
import { attachQueryClient, currentUser, signedIn, signedOut, startSessionCheck } from '@web/lib/session';

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
  afterEach(() => vi.unstubAllGlobals());

  it('keeps the cached answers for the same student, drops them for another, and on logout', () => {
    const client = new QueryClient();
    attachQueryClient(client);
    client.setQueryData(queryKeys.dashboard, 'alberta’s dashboard');
    // The server's first answer, or a login from the unknown state: nothing cached belongs to anyone else.
    signedIn(null, alberta);
    signedIn(null, { ...alberta, bio: 'Her profile, edited' });
    expect(client.getQueryData(queryKeys.dashboard)).toBe('alberta’s dashboard');
    expect(currentUser()?.bio).toBe('Her profile, edited');

    signedIn(null, bert);
    expect(client.getQueryData(queryKeys.dashboard)).toBeUndefined();
    expect(currentUser()?.username).toBe('bert');

    client.setQueryData(queryKeys.userDetails, bert);
    signedOut(null);
    expect(client.getQueryData(queryKeys.userDetails)).toBeUndefined();
    expect(currentUser()).toBeUndefined();
  });

  it('drops the answer of a check still on its way, so it does not overwrite a login', async () => {
    signedOut(null);
    let answer: (response: Response) => void = () => undefined;
    vi.stubGlobal('navigator', { onLine: true });
    const fetch = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    vi.stubGlobal('fetch', fetch);
    startSessionCheck();
    expect(fetch).toHaveBeenCalledOnce();
    signedIn(null, alberta);
    answer(new Response(JSON.stringify({ isAuthenticated: false }), { headers: { 'content-type': 'application/json' } }));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(currentUser()?.username).toBe('alberta');
  });
});
