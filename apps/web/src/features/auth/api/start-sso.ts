import { ssoStartReply, type SsoStartBody } from '@clinic/domain/contracts/sso';
import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiError, UNREADABLE_REPLY, api } from '../../../api/client';
import { ssoDestination } from '../sso-messages';

/**
 * Starts a single sign-on (`POST /api/auth/sso/start`) for an e-mail or an organization's sign-in
 * link, then sends the browser to the identity provider. A success means the browser is leaving:
 * the caller keeps its button busy until then; coming back with the Back button starts afresh.
 */
export function useStartSso() {
  const start = useMutation({
    mutationFn: async (body: SsoStartBody) => {
      const { redirectUrl } = await api('/api/auth/sso/start', { method: 'POST', body, noTenant: true, reply: ssoStartReply });
      const destination = ssoDestination(redirectUrl);
      if (!destination) throw new ApiError(UNREADABLE_REPLY, 200, 'api/unreadable-reply');
      window.location.assign(destination);
    },
  });
  const { reset } = start;
  useEffect(() => {
    // A page restored from the back-forward cache would still show the button busy.
    const restored = (event: PageTransitionEvent) => {
      if (event.persisted) reset();
    };
    window.addEventListener('pageshow', restored);
    return () => window.removeEventListener('pageshow', restored);
  }, [reset]);
  return start;
}
