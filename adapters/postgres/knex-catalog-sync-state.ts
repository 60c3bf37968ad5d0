// The sync's progress in the database (catalog_sync_runs, catalog_sync_seen),
// written after each page so that an interrupted run resumes.
import type { Knex } from 'knex';
import type { CatalogSyncState, SyncCounts, SyncRun } from '@application/ports/catalog-sync-state';

interface RunRow {
  id: number;
  term: string;
  category: string;
  next_control_number: number;
  pages: number;
  counts: SyncCounts | string;
}

const ZERO: SyncCounts = { added: 0, changed: 0, unchanged: 0, withdrawn: 0, rejected: 0, keptMeetTimes: 0 };

function toRun(row: RunRow): SyncRun {
  const counts = typeof row.counts === 'string' ? (JSON.parse(row.counts) as SyncCounts) : row.counts;
  return {
    id: row.id,
    term: row.term,
    category: row.category,
    nextControlNumber: row.next_control_number,
    pages: row.pages,
    counts: { ...ZERO, ...counts },
  };
}

export class KnexCatalogSyncState implements CatalogSyncState {
  constructor(private readonly db: Knex) {}

  async unfinished(term: string, category: string): Promise<SyncRun | null> {
    const row = await this.db('catalog_sync_runs').where({ term, category }).whereNull('finished_at').first();
    return row ? toRun(row) : null;
  }

  async start(term: string, category: string): Promise<SyncRun> {
    return this.db.transaction(async (trx) => {
      await trx('catalog_sync_runs').where({ term, category }).whereNull('finished_at').delete();
      const [row] = await trx('catalog_sync_runs')
        .insert({ term, category, counts: JSON.stringify(ZERO) })
        .returning('*');
      return toRun(row);
    });
  }

  async recordPage(run: SyncRun, classNumbers: number[]): Promise<void> {
    await this.db.transaction(async (trx) => {
      if (classNumbers.length > 0) {
        await trx('catalog_sync_seen')
          .insert(classNumbers.map((classNumber) => ({ run_id: run.id, class_number: classNumber })))
          .onConflict(['run_id', 'class_number'])
          .ignore();
      }
      await trx('catalog_sync_runs')
        .where({ id: run.id })
        .update({ next_control_number: run.nextControlNumber, pages: run.pages, counts: JSON.stringify(run.counts) });
    });
  }

  async lastFinished(): Promise<{ term: string; finishedAt: Date } | null> {
    const row: { term: string; finished_at: Date | string } | undefined = await this.db('catalog_sync_runs')
      .whereNotNull('finished_at')
      .orderBy([
        { column: 'finished_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .first('term', 'finished_at');
    return row ? { term: row.term, finishedAt: new Date(row.finished_at) } : null;
  }

  async seen(runId: number): Promise<number[]> {
    const rows: { class_number: number }[] = await this.db('catalog_sync_seen').where({ run_id: runId }).select('class_number');
    return rows.map((r) => r.class_number);
  }

  async finish(run: SyncRun): Promise<void> {
    await this.db.transaction(async (trx) => {
      await trx('catalog_sync_seen').where({ run_id: run.id }).delete();
      await trx('catalog_sync_runs')
        .where({ id: run.id })
        .update({
          finished_at: trx.fn.now(),
          next_control_number: run.nextControlNumber,
          pages: run.pages,
          counts: JSON.stringify(run.counts),
        });
    });
  }
}
