// Find a time on the wire: a group's proposals for a meeting length, and the
// signed-in student's own busy grid and preferred hours (read and saved).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API, type BodyOf } from '@contract/api';
import type { BusyTimesAnswer, FindATimeAnswer } from '@contract/find-a-time';
import { apiClient } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

export type { BusyTimesAnswer, FindATimeAnswer };
export type BusyTimesFields = BodyOf<typeof API.updateBusyTimes>;

export function useFindATime(groupId: number, length: number) {
  return useQuery({
    queryKey: queryKeys.findATime(groupId, length),
    queryFn: () => apiClient.call(API.findATime, { params: { studyGroupID: groupId }, query: { length: String(length) } }),
    // Schedules change behind the dialog (a classmate's grid, a meeting elsewhere): each opening reads afresh.
    gcTime: 0,
  });
}

export function useBusyTimes() {
  return useQuery({ queryKey: queryKeys.busyTimes, queryFn: () => apiClient.call(API.busyTimes, {}) });
}

export function useSaveBusyTimes() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (fields: BusyTimesFields) => apiClient.call(API.updateBusyTimes, { body: fields }),
    onSuccess: (saved) => {
      client.setQueryData(queryKeys.busyTimes, saved);
      // Every group's proposals may move.
      void client.invalidateQueries({ queryKey: queryKeys.studyGroupPages });
    },
  });
}
