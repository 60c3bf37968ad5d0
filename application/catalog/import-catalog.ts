// Loads catalog records in batches: valid ones are upserted by (term, class
// number), invalid ones are reported with their line number and reason.
import { parseCatalogRecord } from '@domain/course/catalog-record';
import type { CatalogEntry } from '@domain/course/course';
import type { CourseCatalogWriter } from '@application/ports/course-catalog-writer';

export interface SourceRecord {
  line: number;
  /** The parsed JSON, or an Error when the line is not JSON. */
  value: unknown;
}

export interface ImportSummary {
  read: number;
  inserted: number;
  updated: number;
  unchanged: number;
  rejected: { line: number; reason: string }[];
}

const BATCH = 500;

export class ImportCatalog {
  constructor(private readonly catalog: CourseCatalogWriter) {}

  async execute(records: AsyncIterable<SourceRecord>, onProgress?: (summary: ImportSummary) => void): Promise<ImportSummary> {
    const summary: ImportSummary = { read: 0, inserted: 0, updated: 0, unchanged: 0, rejected: [] };
    // Within one batch the last record for a (term, class number) wins, as it would row by row.
    let batch = new Map<string, CatalogEntry>();
    const flush = async () => {
      if (batch.size === 0) return;
      const counts = await this.catalog.upsert([...batch.values()]);
      summary.inserted += counts.inserted;
      summary.updated += counts.updated;
      summary.unchanged += counts.unchanged;
      batch = new Map();
      onProgress?.(summary);
    };
    for await (const record of records) {
      summary.read += 1;
      if (record.value instanceof Error) {
        summary.rejected.push({ line: record.line, reason: `not valid JSON: ${record.value.message}` });
        continue;
      }
      const result = parseCatalogRecord(record.value);
      if (!result.ok) {
        summary.rejected.push({ line: record.line, reason: result.reason });
        continue;
      }
      const key = `${result.entry.term}|${result.entry.classNumber}`;
      batch.set(key, result.entry);
      if (batch.size >= BATCH) await flush();
    }
    await flush();
    return summary;
  }
}
