import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshUserData, submitCredentials, type Credentials } from './credentials';

/** Creates an account and signs it in (and accepts the invitation of the link, if any), then re-reads the session. */
export function useSignUp() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (credentials: Credentials) => submitCredentials('/api/auth/sign-up', credentials),
    onSuccess: () => refreshUserData(client),
  });
}
