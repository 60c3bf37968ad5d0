// Which catalog the app holds and how old it is ("UF Schedule of Courses,
// Fall 2025, synced 2026-11-27"), on the landing, search and dashboard.
import { useQuery } from '@tanstack/react-query';
import { API } from '@contract/api';
import { apiClient } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';
import styles from './catalog-status.module.css';

export function CatalogStatus({ className = '' }: { className?: string }) {
  const { data } = useQuery({
    queryKey: queryKeys.catalogStatus,
    queryFn: () => apiClient.call(API.catalogStatus, {}),
    staleTime: 5 * 60_000,
  });
  if (!data) return null;
  return (
    <p className={`${styles.status} ${className}`} data-catalog-status={data.source}>
      Catalog: {data.description}
    </p>
  );
}
