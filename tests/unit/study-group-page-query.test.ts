// The group page's query against a stubbed server: the page's states as the
// student sees them, and "no longer a member" only for a student who had the
// page open, not for one who never saw it.
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { studyGroupPageQuery } from '@web/features/study-groups/api';

const owner = {
  id: 7,
  username: 'olivia',
  first_name: 'olivia',
  last_name: 'owner',
  major: 'CS',
  year: '2',
  bio: '',
  verified: true,
} as const;
const group = {
  id: 5,
  courseID: 3,
  name: 'Exam 2 prep',
  description: 'Problem sets',
  public: 1,
  owner,
  size: 0,
  members: [owner],
  meetings: [],
  maxMembers: 50,
  joinRequest: null,
  pendingRequests: 0,
};
const pageAnswer = { id: 7, studyGroup: group, studyGroupMembers: [owner], studyGroupMeetings: [], studyGroupMessages: [] };

/** Each GET of the page answers the next of `answers`. */
function stubServer(answers: { status: number; body: unknown }[]) {
  vi.stubGlobal('fetch', async () => {
    const next = answers.shift();
    if (!next) throw new Error('no more answers');
    return new Response(JSON.stringify(next.body), { status: next.status });
  });
}

const found = { status: 200, body: pageAnswer };
const notMember = { status: 403, body: { error: 'NOT_GROUP_MEMBER', message: 'You are not a member of this study group' } };
const notFound = { status: 404, body: { error: 'STUDY_GROUP_NOT_FOUND', message: 'Study group not found' } };

const newClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

afterEach(() => vi.unstubAllGlobals());

describe('the study group page query', () => {
  it('reads the group, its student and its chat', async () => {
    stubServer([found]);
    const result = await newClient().fetchQuery(studyGroupPageQuery(5));
    expect(result).toEqual({ kind: 'found', page: { userId: 7, group, messages: [] } });
  });

  it('tells a student who never saw the page that it is for members, and says when there is no such group', async () => {
    stubServer([notMember, notFound]);
    expect(await newClient().fetchQuery(studyGroupPageQuery(5))).toEqual({ kind: 'not-member' });
    expect(await newClient().fetchQuery(studyGroupPageQuery(6))).toEqual({ kind: 'not-found' });
  });

  it('tells a student who had the page open that they are no longer a member; a later visit reads afresh', async () => {
    stubServer([found, notMember, notMember, notMember]);
    const client = newClient();
    const { queryKey } = studyGroupPageQuery(5);
    // The page is open: an observer, as useQuery keeps one.
    const page = new QueryObserver(client, studyGroupPageQuery(5));
    const close = page.subscribe(() => undefined);
    await vi.waitFor(() => expect(page.getCurrentResult().data?.kind).toBe('found'));
    await page.refetch();
    expect(page.getCurrentResult().data).toEqual({ kind: 'removed' });
    await page.refetch();
    expect(page.getCurrentResult().data).toEqual({ kind: 'removed' });

    // Closed, the page is forgotten; the next visit is told what anyone outside the group is.
    close();
    await vi.waitFor(() => expect(client.getQueryCache().find({ queryKey })).toBeUndefined());
    expect(await client.fetchQuery(studyGroupPageQuery(5))).toEqual({ kind: 'not-member' });
  });
});
