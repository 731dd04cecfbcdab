import { ssoDomainVerifyResponse, type SsoConfiguration } from '@clinic/domain/contracts/sso';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { organizationSettingsKeys } from './keys';

/**
 * Verifies a claimed domain (`POST /api/organizations/sso/domains/:domain/verify`): the server looks
 * its TXT record up now. The answer is the domain, verified; a 400 says the record was not found,
 * a 409 that another organization verified the domain first.
 */
export function useVerifySsoDomain() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (domain: string) =>
      api(`/api/organizations/sso/domains/${encodeURIComponent(domain)}/verify`, { method: 'POST', body: {}, reply: ssoDomainVerifyResponse }).then(
        (r) => r.domain,
      ),
    onSuccess: (verified) =>
      client.setQueryData<SsoConfiguration>(organizationSettingsKeys.sso(), (saved) =>
        saved ? { ...saved, domains: saved.domains.map((d) => (d.domain === verified.domain ? verified : d)) } : saved,
      ),
  });
}
