// The catalog file the embedded default loads into an empty database (the
// shipped snapshot of UF's schedule): what its header says it holds.

export interface SnapshotInfo {
  /** Whose schedule: "UF's Schedule of Courses". */
  source: string;
  /** Oldest first: "Spring 2025". */
  terms: string[];
  /** YYYY-MM-DD: the date of the newest data it was built from. */
  built: string;
  courses: number;
  sections: number;
}

export interface CatalogSnapshot {
  /** The header, or null when the file has none (an older or a foreign catalog file). */
  header(): Promise<SnapshotInfo | null>;
}
