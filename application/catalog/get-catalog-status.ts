// Which catalog the app shows and how old it is, for the landing, search and
// dashboard: the newest finished sync of UF's Schedule of Courses, else the
// shipped snapshot the embedded default loaded.
import type { CatalogSnapshot } from '@application/ports/catalog-snapshot';
import type { CatalogSyncState } from '@application/ports/catalog-sync-state';

export interface CatalogStatus {
  source: 'sync' | 'snapshot' | 'none';
  /** "UF Schedule of Courses, Fall 2025, synced 2026-11-27". */
  description: string;
  /** YYYY-MM-DD: when it was synced, or the date of the snapshot's data; null when unknown. */
  date: string | null;
}

export class GetCatalogStatus {
  constructor(
    private readonly syncState: CatalogSyncState,
    private readonly snapshot: CatalogSnapshot,
  ) {}

  async execute(): Promise<CatalogStatus> {
    const synced = await this.syncState.lastFinished();
    if (synced) {
      const date = synced.finishedAt.toISOString().slice(0, 10);
      return { source: 'sync', description: `UF Schedule of Courses, ${synced.term}, synced ${date}`, date };
    }
    const header = await this.snapshot.header();
    if (!header) return { source: 'none', description: 'Course catalog of unknown date', date: null };
    return {
      source: 'snapshot',
      description: `Shipped snapshot of ${header.source} (${header.terms.join(', ')}), built ${header.built}`,
      date: header.built || null,
    };
  }
}
