// What a student has typed and not sent, kept in this browser (localStorage,
// through zustand's persist middleware) per student and place ("chat:group:3"),
// so a half-written message survives a reload, a switch to another course and
// a closed tab. A draft goes when it is sent (or emptied), when the student
// logs out or deletes their account, and after DRAFT_DAYS untouched.
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

const DRAFT_DAYS = 30;
const DAY_MS = 86_400_000;
/** Beyond this many places, the least recently touched drafts go first. */
const MAX_DRAFTS = 100;

interface Draft {
  text: string;
  /** Epoch milliseconds of the last change. */
  at: number;
}

interface DraftState {
  /** By `${userId}:${place}`. */
  drafts: Record<string, Draft>;
}

const useDraftStore = create<DraftState>()(
  persist(() => ({ drafts: {} as Record<string, Draft> }), {
    name: 'study-swamp:drafts',
    version: 1,
    storage: createJSONStorage(() => localStorage),
    // Old drafts are dropped as the store is read back.
    merge: (persisted, current) => {
      const drafts = (persisted as Partial<DraftState> | undefined)?.drafts ?? {};
      const fresh = Object.entries(drafts).filter(([, d]) => typeof d?.text === 'string' && Date.now() - d.at < DRAFT_DAYS * DAY_MS);
      return { ...current, drafts: Object.fromEntries(fresh) };
    },
  }),
);

// Another tab of this browser wrote its drafts: read them back, so this tab's next write does not undo them.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === useDraftStore.persist.getOptions().name) void useDraftStore.persist.rehydrate();
  });
}

function keep(drafts: Record<string, Draft>): Record<string, Draft> {
  const entries = Object.entries(drafts);
  if (entries.length <= MAX_DRAFTS) return drafts;
  return Object.fromEntries(entries.sort(([, a], [, b]) => b.at - a.at).slice(0, MAX_DRAFTS));
}

/** The student's draft for a place ('' when none) and a setter; '' removes it. */
export function useDraft(userId: number, place: string): [string, (text: string | ((typed: string) => string)) => void] {
  const key = `${userId}:${place}`;
  const text = useDraftStore((state) => state.drafts[key]?.text ?? '');
  const setText = (next: string | ((typed: string) => string)) =>
    useDraftStore.setState((state) => {
      const value = typeof next === 'function' ? next(state.drafts[key]?.text ?? '') : next;
      const { [key]: _dropped, ...others } = state.drafts;
      return { drafts: value === '' ? others : keep({ ...others, [key]: { text: value, at: Date.now() } }) };
    });
  return [text, setText];
}

/** Forgets every draft of the student (logging out, deleting the account). */
export function forgetDrafts(userId: number): void {
  useDraftStore.setState((state) => ({
    drafts: Object.fromEntries(Object.entries(state.drafts).filter(([key]) => !key.startsWith(`${userId}:`))),
  }));
}
