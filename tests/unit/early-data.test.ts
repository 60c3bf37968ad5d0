// The dashboard's data asked for as the page opens (issue 28): main.tsx starts
// the GETs of web/src/lib/early-data.ts beside the session check, and the
// page's own call takes that answer instead of asking again: once, while it
// is fresh, and never after the session changed (an answer for whoever was
// signed in before).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API } from '@contract/api';
import { pathOf } from '@contract/route';
import { apiClient } from '@web/lib/api-client';
import { earlyDataOf } from '@web/lib/early-data';
import { stubNetwork, type Sent } from '@tests/support/client-stubs';

const DASHBOARD = { userId: 7, courses: [], studyGroups: [], nextMeetings: [] };
const dashboards = (sent: Sent[]) => sent.filter((request) => request.url.pathname === '/api/dashboard/');

describe('the early data of a page', () => {
  it('is the dashboard and the course it shows, at the paths of the route table, for a browser whose student was signed in', () => {
    expect(earlyDataOf('/', '', true)).toEqual([pathOf(API.dashboard, {})]);
    expect(earlyDataOf('/dashboard', '?course=4651', true)).toEqual([
      pathOf(API.dashboard, {}),
      pathOf(API.coursePage, { courseID: 4651 }),
    ]);
    expect(earlyDataOf('/', '?course=none', true)).toEqual(['/api/dashboard/']);
    expect(earlyDataOf('/', '?course=../../api/logout', true)).toEqual(['/api/dashboard/']);
    expect(earlyDataOf('/log-in', '?course=1', true)).toEqual([]);
    // A visitor's landing asks for nothing more.
    expect(earlyDataOf('/', '', false)).toEqual([]);
  });
});

describe('an early GET', () => {
  let sent: Sent[];
  beforeEach(() => {
    sent = stubNetwork();
    apiClient.dropCsrfToken();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('answers the page’s own call, which sends nothing more; the next call asks again', async () => {
    apiClient.startEarlyGet('/api/dashboard/');
    expect(dashboards(sent)).toHaveLength(1);
    const call = apiClient.call(API.dashboard, {});
    dashboards(sent)[0].answer(200, DASHBOARD);
    await expect(call).resolves.toMatchObject({ courses: [] });
    expect(dashboards(sent)).toHaveLength(1);
    const again = apiClient.call(API.dashboard, {});
    expect(dashboards(sent)).toHaveLength(2);
    dashboards(sent)[1].answer(200, DASHBOARD);
    await again;
  });

  it('is not taken after the session changed (a log in), nor once stale', async () => {
    apiClient.startEarlyGet('/api/dashboard/');
    dashboards(sent)[0].answer(401, { error: 'NOT_AUTHENTICATED', message: 'Log in first.' });
    apiClient.dropCsrfToken();
    const afterLogIn = apiClient.call(API.dashboard, {});
    await vi.waitFor(() => expect(dashboards(sent)).toHaveLength(2));
    dashboards(sent)[1].answer(200, DASHBOARD);
    await expect(afterLogIn).resolves.toMatchObject({ courses: [] });

    vi.useFakeTimers({ now: Date.now() });
    apiClient.startEarlyGet('/api/dashboard/');
    dashboards(sent)[2].answer(200, DASHBOARD);
    vi.setSystemTime(Date.now() + 31_000);
    const late = apiClient.call(API.dashboard, {});
    await vi.waitFor(() => expect(dashboards(sent)).toHaveLength(4));
    dashboards(sent)[3].answer(200, DASHBOARD);
    await late;
  });
});
