import { ssoConfigurationBody, ssoDomainName, type SsoConfiguration, type SsoConfigurationBody } from '@clinic/domain/contracts/sso';
import type { ZodForm } from '../../ui/use-zod-form';
import type { FieldOf } from '../../ui/zod-form';

/**
 * What the Single sign-on tab edits: the saved configuration, with the write-only client secret
 * as a new one typed (empty keeps the saved one) and whether the saved one is to be removed.
 */
export interface SsoDraft {
  enabled: boolean;
  issuer: string;
  clientId: string;
  clientSecret: string;
  removeClientSecret: boolean;
  domains: string[];
  enforce: boolean;
  defaultRole: SsoConfiguration['defaultRole'];
}

/** The Single sign-on tab's form. */
export type SsoForm = ZodForm<SsoDraft, typeof ssoConfigurationBody>;

/** The form's values of a saved configuration: no new secret typed, none to remove. */
export function ssoDraftOf(saved: SsoConfiguration): SsoDraft {
  return {
    enabled: saved.enabled,
    issuer: saved.issuer,
    clientId: saved.clientId,
    clientSecret: '',
    removeClientSecret: false,
    domains: saved.domains.map((d) => d.domain),
    enforce: saved.enforce,
    defaultRole: saved.defaultRole,
  };
}

/** The body of a save: the secret is sent only to replace it (a new one) or to remove it (null); left out, the saved one stays. */
export function ssoBodyOf({ clientSecret, removeClientSecret, ...fields }: SsoDraft): SsoConfigurationBody {
  if (removeClientSecret) return { ...fields, clientSecret: null };
  return clientSecret ? { ...fields, clientSecret } : fields;
}

/** Each issue at its field; a domain's at its row (`domains.2`). */
export const ssoFieldOf: FieldOf = (path) => {
  if (/^domains\.\d+/.test(path)) return path.split('.').slice(0, 2).join('.');
  return path.split('.')[0] || null;
};

/** How the tab's form is checked: its body by the contract the server applies. */
export const SSO_FORM = { schema: ssoConfigurationBody, toInput: ssoBodyOf, fieldOf: ssoFieldOf };

/**
 * A domain typed into "Add domain", as the contract reads it (trimmed, lower case), or why it
 * cannot be added: not a domain, or listed already.
 */
export function domainToAdd(typed: string, listed: readonly string[]): { domain: string } | { error: string } {
  const parsed = ssoDomainName.safeParse(typed);
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? 'Enter a domain such as hospital.org' };
  if (listed.includes(parsed.data)) return { error: `${parsed.data} is listed already.` };
  return { domain: parsed.data };
}

/** An address the server gave, made absolute on this site (the sign-in link may be a path). */
export function absoluteUrl(address: string, origin: string = window.location.origin): string {
  try {
    return new URL(address, origin).href;
  } catch {
    return address;
  }
}
