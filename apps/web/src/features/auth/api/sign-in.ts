import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshUserData, submitCredentials, type Credentials } from './credentials';

/** Signs in with e-mail and password (and accepts the invitation of the link, if any), then re-reads the session. */
export function useSignIn() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (credentials: Credentials) => submitCredentials('/api/auth/sign-in', credentials),
    onSuccess: () => refreshUserData(client),
  });
}
