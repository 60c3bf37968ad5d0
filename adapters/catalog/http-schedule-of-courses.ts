// UF's public Schedule of Courses API over HTTP (Node's fetch), as UF's own
// pages call it: GET {UF_SOC_URL}/apix/soc/schedule?category=&term=&last-control-number=,
// with the operator's ONE.UF session as the Cookie header when there is one
// (UF answers meeting times and seats only to a signed-in session). No error
// repeats UF's answer (it could echo the session), and each is masked anyway.
// A 5xx, a 429, a time-out, a cut connection or an answer that is not a page
// is SourceUnavailableError (the sync asks again); any other 4xx is final; an
// answer past UF_SOC_MAX_BODY_BYTES is SourceAnswerRefusedError: the body is
// read as a stream and the connection closed at the limit, so a runaway answer
// costs at most that much memory.
import {
  SourceAnswerRefusedError,
  SourceUnavailableError,
  type ScheduleOfCoursesSource,
  type SchedulePage,
  type ScheduleQuery,
} from '@application/ports/schedule-of-courses-source';
import { flattenUfCourse, parseUfPage, termFromUfCode, ufCourseKey } from './uf-schedule-of-courses';
import { cookieMask } from './uf-session-cookie';

/** UF answers a page in well under a second; a minute of silence is a hang. */
const UF_SOC_TIMEOUT_MS = 60_000;

/** A page of UF's (50 rows) is about 0.1 MB; 20 MB is two hundred times that. */
const UF_SOC_MAX_BODY_BYTES = 20 * 1024 * 1024;

interface HttpScheduleOptions {
  /** The Cookie header of a signed-in ONE.UF session (UF_SOC_COOKIE); none: anonymous. */
  cookie?: string;
  timeoutMs?: number;
  maxBodyBytes?: number;
}

export class HttpScheduleOfCourses implements ScheduleOfCoursesSource {
  readonly signedIn: boolean;
  private readonly cookie?: string;
  private readonly timeoutMs: number;
  private readonly maxBodyBytes: number;
  private readonly mask: (text: string) => string;

  constructor(
    private readonly baseUrl: string,
    options: HttpScheduleOptions = {},
  ) {
    this.cookie = options.cookie;
    this.signedIn = Boolean(options.cookie);
    this.timeoutMs = options.timeoutMs ?? UF_SOC_TIMEOUT_MS;
    this.maxBodyBytes = options.maxBodyBytes ?? UF_SOC_MAX_BODY_BYTES;
    this.mask = cookieMask(options.cookie);
  }

  async page(query: ScheduleQuery): Promise<SchedulePage> {
    try {
      return await this.ask(query);
    } catch (error) {
      if (error instanceof Error) error.message = this.mask(error.message);
      throw error;
    }
  }

  private async ask(query: ScheduleQuery): Promise<SchedulePage> {
    const term = termFromUfCode(query.termCode);
    if (!term) throw new Error(`not a UF term code: ${query.termCode}`);
    const url = new URL(`${this.baseUrl.replace(/\/+$/, '')}/apix/soc/schedule`);
    url.search = new URLSearchParams({
      category: query.category,
      term: query.termCode,
      'last-control-number': String(query.controlNumber),
    }).toString();
    // One deadline for the answer and its whole body: a server that stalls mid-answer is a hang too.
    const signal = AbortSignal.timeout(this.timeoutMs);
    const unavailable = (error: unknown) =>
      new SourceUnavailableError(
        signal.aborted ? `no answer within ${this.timeoutMs / 1000} s` : `connection failed: ${causeOf(error as Error)}`,
      );
    let response: Response;
    try {
      // Node's fetch drops the Cookie header on a redirect to another origin.
      const headers: Record<string, string> = { accept: 'application/json' };
      if (this.cookie) headers.cookie = this.cookie;
      response = await fetch(url, { signal, headers });
    } catch (error) {
      throw unavailable(error);
    }
    if (!response.ok) {
      await response.body?.cancel().catch(() => {});
      if (response.status >= 500 || response.status === 429) throw new SourceUnavailableError(`HTTP ${response.status}`);
      const session =
        this.signedIn && (response.status === 401 || response.status === 403)
          ? ': the ONE.UF session in UF_SOC_COOKIE may have expired (sign in again and copy the new one)'
          : '';
      throw new Error(`UF answered HTTP ${response.status} for ${url.pathname}${url.search}${session}`);
    }
    let text: string;
    try {
      text = await this.readBody(response);
    } catch (error) {
      throw error instanceof SourceAnswerRefusedError ? error : unavailable(error);
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      // Not the parser's message: it quotes the answer, which could be a page echoing the session.
      const type = response.headers.get('content-type')?.split(';')[0] || 'no content type';
      throw new SourceUnavailableError(`not JSON (${type}, ${Buffer.byteLength(text)} bytes)`);
    }
    let page;
    try {
      page = parseUfPage(body);
    } catch (error) {
      throw new SourceUnavailableError((error as Error).message);
    }
    return {
      courses: page.courses.map((course) => ({
        key: typeof course === 'object' && course !== null ? ufCourseKey(course as Record<string, unknown>) : String(course),
        records: flattenUfCourse(course, term),
      })),
      nextControlNumber: page.lastControlNumber,
      retrievedRows: page.retrievedRows,
      totalRows: page.totalRows,
    };
  }

  /**
   * The whole body as text, or SourceAnswerRefusedError as soon as it passes
   * the limit (announced by Content-Length, or counted as it streams, after
   * decompression): the stream is cancelled, which closes the connection.
   * By hand rather than with raw-body: fetch's body is a web stream, and the
   * point is to cancel it at the limit, not to pause it.
   */
  private async readBody(response: Response): Promise<string> {
    const tooLarge = () =>
      new SourceAnswerRefusedError(`is larger than ${this.maxBodyBytes / (1024 * 1024)} MB (a page is about 0.1 MB): stopped reading it`);
    if (Number(response.headers.get('content-length')) > this.maxBodyBytes) {
      await response.body?.cancel().catch(() => {});
      throw tooLarge();
    }
    if (!response.body) return '';
    const reader = response.body.getReader();
    const chunks: Uint8Array[] = [];
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > this.maxBodyBytes) {
        await reader.cancel().catch(() => {});
        throw tooLarge();
      }
      chunks.push(value);
    }
    return Buffer.concat(chunks).toString('utf8');
  }
}

// fetch's TypeError says only "fetch failed" or "terminated"; the cause names the socket's error.
function causeOf(error: Error): string {
  const cause = (error as { cause?: unknown }).cause;
  return cause instanceof Error ? `${error.message} (${cause.message})` : error.message;
}
