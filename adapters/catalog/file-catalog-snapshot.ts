// The catalog file's header line (uf-soc-snapshot.ts), read once: what the
// embedded default loaded into an empty database.
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';
import type { CatalogSnapshot, SnapshotInfo } from '@application/ports/catalog-snapshot';
import { parseSnapshotHeader } from './uf-soc-snapshot';

export class FileCatalogSnapshot implements CatalogSnapshot {
  private read: Promise<SnapshotInfo | null> | undefined;

  constructor(private readonly file: string) {}

  header(): Promise<SnapshotInfo | null> {
    this.read ??= this.firstLine().then(
      (line) => {
        const header = line === null ? null : parseSnapshotHeader(line);
        return (
          header && { source: header.source, terms: header.terms, built: header.built, courses: header.courses, sections: header.sections }
        );
      },
      () => null,
    );
    return this.read;
  }

  private async firstLine(): Promise<string | null> {
    const raw = createReadStream(this.file);
    const lines = createInterface({ input: this.file.endsWith('.gz') ? raw.pipe(createGunzip()) : raw, crlfDelay: Infinity });
    try {
      for await (const line of lines) return line;
      return null;
    } finally {
      lines.close();
      raw.destroy();
    }
  }
}
