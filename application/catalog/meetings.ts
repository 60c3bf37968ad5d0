// What the sync makes of a section UF lists without meeting times. UF now
// answers meeting times (and seats) only to a signed-in ONE.UF session; to
// anyone else every section comes without them. So, per run:
// - anonymous, an empty list says nothing: the section keeps the meetings
//   known (from an earlier signed-in run or an imported file), unless its
//   delivery mode changed (withKnownMeetings); the run warns once, at the
//   first page whose sections that meet in rooms came without any;
// - signed in, once UF has answered a meeting time in this run it is taking
//   the session, and from then on an empty list is UF's word: the section
//   has none (its meetings were dropped, or are not scheduled). Not per page:
//   a page of research and thesis sections has no meeting time at all;
// - signed in, until then (a first page without meeting times, or a session
//   UF no longer takes) sections keep theirs as anonymous ones do, and a run
//   that got no meeting time for sections that meet in rooms warns at its
//   end that the session has probably expired.
import type { CatalogEntry } from '@domain/course/course';
import { withKnownMeetings } from '@domain/course/meet-times';
import type { CourseCatalog } from '@application/ports/course-catalog';

/** Fully online (UF's sectWeb AD): such a section has no meetings to list. */
const ONLINE = 'AD';

/** One run's reading of UF's meeting times; `warn` is called at most once. */
export class MeetingTimesReading {
  /** Signed in, and UF has answered a meeting time in this run. */
  private taken = false;
  /** A section not fully online was listed. */
  private rooms = false;
  private warned = false;

  constructor(
    private readonly signedIn: boolean,
    private readonly warn: () => void,
  ) {}

  /** Whether the page's sections listed without meeting times keep the ones known. */
  keepsKnown(entries: CatalogEntry[]): boolean {
    const inRooms = entries.some((entry) => entry.sectWeb !== ONLINE);
    const withMeetings = entries.some((entry) => entry.meetTimes.length > 0);
    this.rooms ||= inRooms;
    if (this.signedIn) {
      this.taken ||= withMeetings;
      return !this.taken;
    }
    if (inRooms && !withMeetings) this.warnOnce();
    return true;
  }

  /** After the last page: a signed-in run UF never answered a meeting time for sections in rooms warns. */
  finish(): void {
    if (this.signedIn && !this.taken && this.rooms) this.warnOnce();
  }

  private warnOnce(): void {
    if (!this.warned) this.warn();
    this.warned = true;
  }
}

/** Gives the page's sections listed without meeting times the ones stored (withKnownMeetings); answers how many it did. */
export async function keepKnownMeetings(catalog: CourseCatalog, term: string, entries: Map<number, CatalogEntry>): Promise<number> {
  const without = [...entries.values()].filter((entry) => entry.meetTimes.length === 0).map((entry) => entry.classNumber);
  if (without.length === 0) return 0;
  let kept = 0;
  for (const stored of await catalog.findByClassNumbers(term, without)) {
    const entry = entries.get(stored.classNumber)!;
    const next = withKnownMeetings(entry, stored);
    if (next !== entry) {
      entries.set(stored.classNumber, next);
      kept += 1;
    }
  }
  return kept;
}
