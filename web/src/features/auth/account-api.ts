// The signed-in account calls: the profile, the password and deleting the
// account. Each keeps the tab's idea of who is signed in (lib/session.ts) in
// step. The public screens' calls (mailed links) are link-api.ts.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { flushSync } from 'react-dom';
import { useNavigate } from 'react-router-dom';
import type { UpdateProfileBody } from '@contract/accounts';
import { API } from '@contract/api';
import { apiClient } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';
import { signedIn, signedOut } from '@web/lib/session';

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateProfileBody) => apiClient.call(API.updateProfile, { body }),
    onSuccess: ({ user }) => {
      signedIn(queryClient, user);
      queryClient.setQueryData(queryKeys.userDetails, user);
      // Pages that show the student to others (and to themselves) read the new profile.
      void queryClient.invalidateQueries({ queryKey: queryKeys.coursePages });
      void queryClient.invalidateQueries({ queryKey: queryKeys.studyGroupPages });
    },
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (body: { currentPassword: string; newPassword: string }) => apiClient.call(API.changePassword, { body }),
  });
}

/** Deletes the account; the tab is signed out and goes to Log In, which says so. */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async (password: string) => {
      await apiClient.call(API.deleteAccount, { body: { password } });
      apiClient.dropCsrfToken();
    },
    onSuccess: () =>
      flushSync(() => {
        signedOut(queryClient, { left: true });
        void navigate('/log-in', { replace: true, state: { accountDeleted: true } });
      }),
  });
}
