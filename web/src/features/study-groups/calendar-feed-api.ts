// The calendar subscription address on the wire and in the cache: whether the
// student has one, the address just made (the server shows its token only
// in the answer that makes it, so the page keeps it until it reloads), and
// turning it off.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API } from '@contract/api';
import { apiClient } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/** An address made in this page's life: https:// to copy, webcal:// for "Add to calendar". */
export interface FeedAddress {
  url: string;
  webcalUrl: string;
}

/** The feed's address from its path on this server: calendar apps open webcal:// as a subscription. */
function feedAddress(origin: string, path: string): FeedAddress {
  const url = new URL(path, origin).href;
  return { url, webcalUrl: url.replace(/^https?:/, 'webcal:') };
}

export function useCalendarFeed() {
  const client = useQueryClient();
  const status = useQuery({ queryKey: queryKeys.calendarFeed, queryFn: () => apiClient.call(API.calendarFeed, {}) });
  const address = useQuery<FeedAddress | null>({
    queryKey: queryKeys.calendarFeedAddress,
    queryFn: () => null,
    staleTime: Infinity,
    gcTime: Infinity,
  });
  const create = useMutation({
    mutationFn: () => apiClient.call(API.createCalendarFeed, {}),
    onSuccess: (made) => {
      client.setQueryData(queryKeys.calendarFeedAddress, feedAddress(window.location.origin, made.path));
      client.setQueryData(queryKeys.calendarFeed, { subscribed: true, createdAt: made.createdAt });
    },
  });
  const revoke = useMutation({
    mutationFn: () => apiClient.call(API.revokeCalendarFeed, {}),
    onSuccess: () => {
      client.setQueryData(queryKeys.calendarFeedAddress, null);
      client.setQueryData(queryKeys.calendarFeed, { subscribed: false, createdAt: null });
    },
  });
  return { status, address: address.data ?? null, create, revoke };
}
