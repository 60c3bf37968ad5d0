// The sync's progress in the database (catalog_sync_runs, catalog_sync_seen),
// written after each page so that an interrupted run resumes; and its lock,
// a Postgres advisory lock per term and category held by a connection of its
// own for the run's whole length. Postgres drops it with that connection, so
// a run that is killed (or whose machine dies) leaves no lock behind.
import type { Knex } from 'knex';
import type { CatalogSyncState, SyncCounts, SyncLock, SyncRun } from '@application/ports/catalog-sync-state';

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

/** The advisory locks' first key for sync runs (the chat archive's room locks use 1 and 2). */
const SYNC_LOCK_CLASS = 3;
/** The lock's two keys: the class, and the term and category hashed. */
const LOCK_KEYS = `${SYNC_LOCK_CLASS}, hashtext(?)`;

/** The locks this process holds, per database (its Knex client), by term and category: PGlite's one session would grant them twice. */
const heldHere = new WeakMap<Knex.Client, Set<string>>();

export class KnexCatalogSyncState implements CatalogSyncState {
  constructor(private readonly db: Knex) {}

  async lock(term: string, category: string): Promise<SyncLock | null> {
    const name = `${term}:${category}`;
    const here = heldHere.get(this.db.client) ?? new Set<string>();
    heldHere.set(this.db.client, here);
    if (here.has(name)) return null;
    here.add(name);
    let held: SyncLock | null = null;
    try {
      held = await this.advisoryLock(name);
    } finally {
      if (!held) here.delete(name);
    }
    const lock = held;
    return lock && { release: () => lock.release().finally(() => here.delete(name)) };
  }

  /**
   * On Postgres a connection is taken out of the pool for the run (the lock
   * is its session's). The embedded PGlite is the process's one session and
   * admits no second process (the sync runs with the app stopped), so there
   * the lock is taken in that session and `heldHere` does the work.
   */
  private async advisoryLock(name: string): Promise<SyncLock | null> {
    const client = this.db.client as Knex.Client & { pglite?: unknown };
    const connection: unknown = client.pglite === undefined ? await client.acquireConnection() : undefined;
    const query = async (sql: string) => {
      const raw = this.db.raw<{ rows: { done: boolean }[] }>(`select ${sql}(${LOCK_KEYS}) as done`, [name]);
      return (await (connection ? raw.connection(connection) : raw)).rows[0].done;
    };
    const giveBack = async () => {
      if (connection) await client.releaseConnection(connection);
    };
    let locked = false;
    try {
      locked = await query('pg_try_advisory_lock');
    } finally {
      if (!locked) await giveBack();
    }
    if (!locked) return null;
    return {
      release: async () => {
        try {
          await query('pg_advisory_unlock');
        } finally {
          await giveBack();
        }
      },
    };
  }

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
