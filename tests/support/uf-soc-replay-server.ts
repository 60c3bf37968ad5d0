// Serves UF course objects as UF's Schedule of Courses API does
// (GET /apix/soc/schedule?category=&term=&last-control-number=N answering
// [{COURSES, LASTCONTROLNUMBER, RETRIEVEDROWS, TOTALROWS}]), in pages of about
// `rowsPerPage` rows (course codes), with an empty page past the end. The course
// at each page boundary is split in two course objects, one on each page, as
// UF does. Faults can be injected per page: 503, a hang, a connection cut
// mid-answer, an answer larger than any page (streamed, with no length
// announced), a page echoing the request's Cookie header (as an error page
// may). And two ways UF's paging could go wrong for good: pages that never
// end, and a page whose LASTCONTROLNUMBER points back to an earlier one.
// Given a session cookie, it answers as UF does today: meeting times and seats
// only to a request carrying that cookie; to any other, every section has
// `meetTimes: []` and no seat count.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

type Course = Record<string, unknown>;
export type Fault = '503' | 'hang' | 'drop' | 'oversize' | 'echo-cookie';

/** The size of the 'oversize' answer: a valid page padded with whitespace, past the sync's 20 MB limit. */
export const OVERSIZE_BYTES = 25 * 1024 * 1024;

interface Page {
  start: number;
  rows: number;
  courses: Course[];
}

export interface ReplayOptions {
  termCode: string;
  courses: Course[];
  rowsPerPage?: number;
  /** Split the last course of a page across the boundary (default true). */
  splitAtBoundary?: boolean;
  /** The Cookie header of a signed-in session: meeting times and seats only to requests carrying it (default: to all). */
  cookie?: string;
}

/** The cookie's name=value pairs, trimmed. */
const cookiePairs = (header: string) =>
  header
    .split(';')
    .map((pair) => pair.trim())
    .filter(Boolean);

/** A course as UF answers it to an anonymous caller: its sections without meeting times or seats. */
function anonymous(course: Course): Course {
  const sections = Array.isArray(course.sections) ? (course.sections as Course[]) : [];
  return { ...course, openSeats: null, sections: sections.map((s) => ({ ...s, meetTimes: [], openSeats: null })) };
}

/** The pages, and the courses split across a boundary (their halves land on two pages). */
function pagesOf(courses: Course[], rowsPerPage: number, split: boolean): { pages: Page[]; splits: Course[] } {
  const pages: Page[] = [];
  const splits: Course[] = [];
  let current: Course[] = [];
  let codes = new Set<string>();
  let start = 0;
  const close = () => {
    pages.push({ start, rows: codes.size, courses: current });
    start += codes.size;
    current = [];
    codes = new Set();
  };
  for (const course of courses) {
    const code = String(course.code);
    if (!codes.has(code) && codes.size >= rowsPerPage) {
      const last = current[current.length - 1];
      const sections = (last?.sections as unknown[]) ?? [];
      close();
      if (split && sections.length >= 2) {
        const half = Math.ceil(sections.length / 2);
        pages[pages.length - 1].courses[pages[pages.length - 1].courses.length - 1] = { ...last, sections: sections.slice(0, half) };
        current.push({ ...last, sections: sections.slice(half) });
        codes.add(String(last.code));
        splits.push(last);
      }
    }
    current.push(course);
    codes.add(code);
  }
  if (current.length) close();
  return { pages, splits };
}

export class UfSocReplayServer {
  /** Every request, in order: the control number asked for. */
  readonly requests: number[] = [];
  /** Every request's Cookie header, in the same order (null: none). */
  readonly cookies: (string | null)[] = [];
  /** The session meeting times are answered to; null: to everyone. */
  private cookie: string | null = null;
  /** The most requests that were in flight at once. */
  maxInFlight = 0;
  private inFlight = 0;
  private pages: Page[] = [];
  /** The courses whose sections the current pages split across a boundary. */
  splits: Course[] = [];
  private readonly faults = new Map<number, { fault: Fault; times: number }>();
  /** Pages whose LASTCONTROLNUMBER is overridden: a loop in UF's paging. */
  private readonly cursors = new Map<number, number>();
  /** Past the last page, answer another one-row page each time, for ever. */
  private endless = false;

  private constructor(
    private readonly server: Server,
    private readonly termCode: string,
  ) {}

  static async start(options: ReplayOptions): Promise<UfSocReplayServer> {
    const server = createServer();
    const replay = new UfSocReplayServer(server, options.termCode);
    replay.serve(options.courses, options.rowsPerPage, options.splitAtBoundary);
    replay.requireCookie(options.cookie ?? null);
    server.on('request', (req, res) => replay.handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return replay;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** The control numbers the pages start at, in order (the first is 0). */
  get pageStarts(): number[] {
    return this.pages.map((p) => p.start);
  }

  /** Serve these courses from now on (a later state of UF's catalog), with no fault pending. */
  serve(courses: Course[], rowsPerPage = 50, splitAtBoundary = true): void {
    ({ pages: this.pages, splits: this.splits } = pagesOf(courses, rowsPerPage, splitAtBoundary));
    this.cursors.clear();
    this.faults.clear();
    this.endless = false;
  }

  /** Answer meeting times and seats only to requests carrying this cookie (a new one: the old session expired); null: to all. */
  requireCookie(cookie: string | null): void {
    this.cookie = cookie;
  }

  /** From now on the pages never end: past the last one, each request gets a one-row page pointing further on. */
  serveEndless(): void {
    this.endless = true;
  }

  /** The page at `controlNumber` answers LASTCONTROLNUMBER `next` (an earlier page's start: a loop). */
  pointBack(controlNumber: number, next: number): void {
    this.cursors.set(controlNumber, next);
  }

  /** The next `times` requests for the page at this control number fail this way. */
  inject(controlNumber: number, fault: Fault, times = 1): void {
    this.faults.set(controlNumber, { fault, times });
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    const url = new URL(req.url ?? '/', 'http://replay');
    if (url.pathname.replace(/\/$/, '') !== '/apix/soc/schedule') {
      res.writeHead(404).end('not found');
      return;
    }
    const controlNumber = Number(url.searchParams.get('last-control-number') ?? 0);
    this.requests.push(controlNumber);
    this.cookies.push(req.headers.cookie ?? null);
    this.inFlight += 1;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    res.on('close', () => (this.inFlight -= 1));

    const pending = this.faults.get(controlNumber);
    const fault = pending && pending.times > 0 ? pending.fault : null;
    if (pending && fault) pending.times -= 1;
    if (fault === '503') {
      res.writeHead(503, { 'content-type': 'text/plain' }).end('Service Unavailable');
      return;
    }
    if (fault === 'hang') {
      // Never answered: the client gives up at its time-out, so it no longer counts as in flight.
      this.inFlight -= 1;
      res.removeAllListeners('close');
      return;
    }

    const ours = url.searchParams.get('term') === this.termCode;
    const given = new Set(cookiePairs(req.headers.cookie ?? ''));
    const signedIn = this.cookie === null || cookiePairs(this.cookie).every((pair) => given.has(pair));
    const courses = (page: Page) => (signedIn ? page.courses : page.courses.map(anonymous));
    const total = ours ? this.pages.reduce((sum, p) => sum + p.rows, 0) : 0;
    const page = ours ? this.pages.find((p) => p.start >= controlNumber) : undefined;
    const last = this.pages[this.pages.length - 1];
    const answer = page
      ? [
          {
            COURSES: courses(page),
            LASTCONTROLNUMBER: this.cursors.get(page.start) ?? page.start + page.rows,
            RETRIEVEDROWS: page.rows,
            TOTALROWS: total,
          },
        ]
      : ours && this.endless && last
        ? [{ COURSES: courses(last).slice(-1), LASTCONTROLNUMBER: controlNumber + 1, RETRIEVEDROWS: 1, TOTALROWS: total }]
        : [{ COURSES: [], LASTCONTROLNUMBER: controlNumber, RETRIEVEDROWS: 0, TOTALROWS: total }];
    // A page whose LASTCONTROLNUMBER is the request's Cookie header: not a page the sync reads, and its error must not repeat it.
    const body = JSON.stringify(fault === 'echo-cookie' ? [{ ...answer[0], LASTCONTROLNUMBER: req.headers.cookie ?? '' }] : answer);
    if (fault === 'oversize') {
      // The page without its closing bracket, whitespace up to OVERSIZE_BYTES, then the bracket: one
      // valid page, in chunks with no Content-Length, as fast as the client reads. A client that
      // stops reading closes the connection, and the rest is never sent.
      res.writeHead(200, { 'content-type': 'application/json' });
      const padding = Buffer.alloc(64 * 1024, ' ');
      let sent = body.length - 1;
      res.write(body.slice(0, -1));
      const pump = () => {
        while (sent < OVERSIZE_BYTES) {
          if (res.destroyed) return;
          sent += padding.length;
          if (!res.write(padding)) return void res.once('drain', pump);
        }
        res.end(']');
      };
      pump();
      return;
    }
    if (fault === 'drop') {
      // Headers and half the body, then the connection goes.
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
      res.write(body.slice(0, Math.floor(body.length / 2)), () => res.socket?.destroy());
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(body);
  }
}
