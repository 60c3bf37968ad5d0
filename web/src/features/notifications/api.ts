// The student's notification settings on the wire and in the cache.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API, type AnswerOf, type BodyOf } from '@contract/api';
import { apiClient } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

export type NotificationSettings = AnswerOf<typeof API.notificationSettings>;
export type NotificationChoices = BodyOf<typeof API.updateNotificationSettings>;

export function useNotificationSettings() {
  return useQuery({ queryKey: queryKeys.notificationSettings, queryFn: () => apiClient.call(API.notificationSettings, {}) });
}

export function useSaveNotificationSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (choices: NotificationChoices) => apiClient.call(API.updateNotificationSettings, { body: choices }),
    onSuccess: (saved) => client.setQueryData(queryKeys.notificationSettings, saved),
  });
}
