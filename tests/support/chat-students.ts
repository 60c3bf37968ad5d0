// Students of the chat API tests: signed up over HTTP, with the calls they
// make; and the server's count of waiting polls, to act while they wait.
import { expect, vi } from 'vitest';
import { INFRA } from '@adapters/container';
import type { RunningServer } from '@adapters/server';
import { HttpSession, newStudent, type ApiResponse } from './http-session';

export interface Student {
  http: HttpSession;
  id: number;
  username: string;
  password: string;
}

export async function signUp(url: string): Promise<Student> {
  const http = new HttpSession(url);
  const fields = newStudent();
  const res = await http.signUp(fields);
  return { http, id: res.body.user.id, username: fields.username, password: fields.password };
}

export const coursePath = (courseId: number, userId: number, query = '') => `/api/select-course-messages/${courseId}/${userId}/${query}`;
export const groupPath = (groupId: number, userId: number, query = '') => `/api/select-study-group-messages/${groupId}/${userId}/${query}`;
export const postToCourse = (s: Student, courseId: number, message: unknown) =>
  s.http.post('/api/insert-course-message/', { userID: s.id, courseID: courseId, message });
export const postToGroup = (s: Student, groupId: number, message: unknown) =>
  s.http.post('/api/insert-study-group-message/', { userID: s.id, studyGroupID: groupId, message });
export const pollCourse = (s: Student, courseId: number, query = '') => s.http.get(coursePath(courseId, s.id, query));
export const texts = (res: ApiResponse) => (res.body as { message: string }[]).map((m) => m.message);

/** An item of a chat answer, as the tests read it. */
export type PolledMessage = {
  id: string;
  user_id: number;
  message: string;
  event?: string;
  deleted?: boolean;
  edited?: boolean;
  editedAt?: string;
};

/** Everything a poller gets from the cursor on, page by page (500 a page), moving as a client does: to the last item's event, or its id. */
export async function pollAll(s: Student, path: (query: string) => string, from = '0-0'): Promise<PolledMessage[]> {
  const all: PolledMessage[] = [];
  let position = from;
  for (;;) {
    const res = await s.http.get(path(`?after=${position}`));
    expect(res.status).toBe(200);
    const page = res.body as PolledMessage[];
    all.push(...page);
    if (page.length) position = page.at(-1)!.event ?? page.at(-1)!.id;
    if (page.length < 500) return all;
  }
}

/** Only fails a hang: a wait that never answers. Nothing here measures speed. */
export const HANG = { timeout: 20_000, interval: 10 };

/** Requests the server holds waiting (its SignalHub's watches). */
export const waiting = (server: RunningServer) => server.resolve(INFRA.SignalHub).waiting;

/** Resolves once the server holds `count` waiting requests, so what happens next happens while they wait. */
export async function untilWaiting(server: RunningServer, count: number): Promise<void> {
  await vi.waitFor(() => expect(waiting(server)).toBeGreaterThanOrEqual(count), HANG);
}
