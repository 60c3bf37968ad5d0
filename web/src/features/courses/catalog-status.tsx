// Which catalog the app holds and how old it is ("UF Schedule of Courses,
// Fall 2025, synced 2026-11-27"), on the landing, search and dashboard. Read
// with a plain call, kept for five minutes, rather than through the query
// client: the landing is a public screen and does not load it (decision 0119).
import { useEffect, useState } from 'react';
import type * as z from 'zod/mini';
import { catalogStatusAnswer } from '@contract/catalog-status';
import { apiClient } from '@web/lib/api-client';
import { readAnswer } from '@web/lib/api-error';
import styles from './catalog-status.module.css';

type CatalogStatusAnswer = z.output<typeof catalogStatusAnswer>;

// The contract's catalogStatus route; its answer schema alone is imported, not
// the course routes' table with every course schema.
const PATH = '/api/catalog-status/';

const FRESH_MS = 5 * 60_000;
let known: { answer: CatalogStatusAnswer; at: number } | null = null;
let asking: Promise<CatalogStatusAnswer> | null = null;

function freshStatus(): CatalogStatusAnswer | null {
  return known && Date.now() - known.at < FRESH_MS ? known.answer : null;
}

function askStatus(): Promise<CatalogStatusAnswer> {
  asking ??= apiClient
    .get(PATH)
    .then((response) => {
      const answer = readAnswer(PATH, response, catalogStatusAnswer);
      known = { answer, at: Date.now() };
      return answer;
    })
    .finally(() => {
      asking = null;
    });
  return asking;
}

export function CatalogStatus({ className = '' }: { className?: string }) {
  const [data, setData] = useState<CatalogStatusAnswer | null>(() => known?.answer ?? null);
  useEffect(() => {
    if (freshStatus()) return;
    let current = true;
    askStatus().then(
      (answer) => {
        if (current) setData(answer);
      },
      // Nothing is shown when it cannot be read, as before.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, []);
  if (!data) return null;
  return (
    <p className={`${styles.status} ${className}`} data-catalog-status={data.source}>
      Catalog: {data.description}
    </p>
  );
}
