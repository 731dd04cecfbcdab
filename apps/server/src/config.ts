import { isIP } from 'node:net';
import { z } from 'zod';
import { parseAllowEntry, type AllowEntry } from './platform/outbound-policy.js';
import { parseSecretsKey } from './platform/secret-box.js';

const TRUST_PROXY_HELP =
  'Write the number of proxies in front of the server (TRUST_PROXY=1 for one load balancer: the address it ' +
  'appended to X-Forwarded-For is the client) or their addresses and ranges (TRUST_PROXY=10.0.0.5,10.0.1.0/24).';
/** Names proxy-addr (Fastify's trustProxy) accepts for well-known ranges. */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
}

/**
 * Which proxies' X-Forwarded-For entries are believed: none (`false`), a hop count, or a list of
 * proxy addresses and CIDR ranges. `true` would believe every hop, so the left-most entry, which
 * the client writes, would become its address and rotating it would escape every per-address limit.
 */
const trustProxy = z
  .string()
  .optional()
  .transform((raw, ctx): TrustProxy => {
    const value = (raw ?? '').trim();
    if (value === '' || value === 'false' || value === '0') return false;
    if (value.toLowerCase() === 'true') {
      ctx.addIssue({
        code: 'custom',
        message: `TRUST_PROXY=true trusts every hop, so a client could choose its own address by writing X-Forwarded-For. ${TRUST_PROXY_HELP}`,
      });
      return z.NEVER;
    }
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value.split(',').map((e) => e.trim());
    const wrong = entries.find((e) => !isProxyAddress(e));
    if (wrong !== undefined) {
      ctx.addIssue({ code: 'custom', message: `TRUST_PROXY: "${wrong}" is not a hop count, an IP address or a CIDR range. ${TRUST_PROXY_HELP}` });
      return z.NEVER;
    }
    return entries;
  });

const OUTBOUND_ALLOW_HELP =
  'Write the networks (10.20.0.0/16, 10.0.0.5) and host names (ehr.hospital.internal) of on-premise systems the server may reach, comma-separated.';

/**
 * Where tenants' integrations may reach private addresses and plain http (an on-premise FHIR
 * server): the operator's decision. Empty: https to public addresses only. Loopback, link-local and
 * instance-metadata addresses are never reachable, so an entry inside them is refused here.
 */
const outboundAllow = z
  .string()
  .optional()
  .transform((raw, ctx): AllowEntry[] => {
    const entries: AllowEntry[] = [];
    for (const item of (raw ?? '').split(',')) {
      if (item.trim() === '') continue;
      const entry = parseAllowEntry(item);
      if ('problem' in entry) {
        ctx.addIssue({ code: 'custom', message: `OUTBOUND_ALLOW: ${entry.problem}. ${OUTBOUND_ALLOW_HELP}` });
        return z.NEVER;
      }
      entries.push(entry);
    }
    return entries;
  });

const DNS_SERVERS_HELP =
  'Write the DNS servers that verify single sign-on domains (your internal resolvers) as IP addresses with an optional port, comma-separated (10.0.0.53,10.0.0.54:5353,[fd00::53]:53).';

/** An address `dns.Resolver#setServers` takes: IPv4 or IPv6, with a port (IPv6 then in brackets) or without. */
function isDnsServer(entry: string): boolean {
  const match = /^(?:\[([^\]]+)\]|([^:]+))(?::(\d{1,5}))?$/.exec(entry);
  if (!match) return isIP(entry) === 6;
  const [, bracketed, plain, port] = match;
  const addressOk = bracketed !== undefined ? isIP(bracketed) === 6 : isIP(plain) === 4;
  return addressOk && (port === undefined || (Number(port) >= 1 && Number(port) <= 65535));
}

/**
 * The resolvers domain verification asks for TXT records instead of the system's (a hospital that
 * verifies against its internal DNS). Empty: the system's resolver. Addresses only: a resolver
 * named by a host name would need DNS to be found.
 */
const dnsServers = z
  .string()
  .optional()
  .transform((raw, ctx): string[] => {
    const entries = (raw ?? '')
      .split(',')
      .map((e) => e.trim())
      .filter((e) => e !== '');
    const wrong = entries.find((e) => !isDnsServer(e));
    if (wrong !== undefined) {
      ctx.addIssue({ code: 'custom', message: `DNS_SERVERS: "${wrong}" is not an IP address with an optional port. ${DNS_SERVERS_HELP}` });
      return z.NEVER;
    }
    return entries;
  });

const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** The app's pool: the login role clinic_server (README, "Database roles"); unset: embedded. */
  DATABASE_URL: z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined)),
  /** The owner, for migrations and `npm run seed`; unset: DATABASE_URL migrates too. */
  MIGRATION_DATABASE_URL: z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined)),
  DATA_DIR: z.string().default('./data'),
  DEMO_PASSWORD: z.string().min(6).default('demo-password'),
  PUBLIC_URL: z.string().optional(),
  /** Where database backups are sent (for the SOC 2 check); unset means no backup is configured. */
  BACKUP_URL: z.string().optional(),
  WEB_DIST: z.string().optional(),
  TRUST_PROXY: trustProxy,
  OUTBOUND_ALLOW: outboundAllow,
  DNS_SERVERS: dnsServers,
  /** Outgoing mail server, e.g. `smtp://user:pass@mail.example.org:587`; unset sends no mail. */
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('ClinicFlow <no-reply@localhost>'),
  /** Stripe keys: all unset means no payments (the billing page says so and changes nothing). */
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  NODE_ENV: z.string().default('development'),
  LOG_LEVEL: z.string().default('info'),
  /** Bearer token for `/metrics` from other machines; unset: only callers on this machine. */
  METRICS_TOKEN: z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || v.length >= 16, 'METRICS_TOKEN must be at least 16 characters (a long random secret)'),
  /**
   * The key that seals the secrets the server reads back (TOTP secrets, integration credentials):
   * 32 bytes as 64 hexadecimal digits or base64; unset: `secrets.key` in DATA_DIR, made on first start.
   */
  SECRETS_KEY: z
    .string()
    .optional()
    .transform((raw, ctx) => {
      if (!raw) return undefined;
      const key = parseSecretsKey(raw);
      if (!key) {
        ctx.addIssue({ code: 'custom', message: 'SECRETS_KEY must be 32 bytes: 64 hexadecimal digits (openssl rand -hex 32) or base64.' });
        return z.NEVER;
      }
      return key;
    }),
});

/** The TRUST_PROXY setting: no proxy, a hop count, or proxy addresses and ranges. */
export type TrustProxy = false | number | string[];

/**
 * Fastify's `trustProxy` option for a setting. Fastify refuses a bare hop count (it would trust
 * nothing), so the count becomes a function: the socket's peer and the next `hops - 1` entries are
 * proxies, and the entry the last of them appended is the client.
 */
export function fastifyTrustProxy(setting: TrustProxy = false): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting !== 'number') return setting;
  return (_address, hop) => hop < setting;
}

/** Typed configuration read once from the environment. */
export type Config = z.infer<typeof schema>;

/** Reads and validates the environment; a wrong value throws an error naming each variable and what to write. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const result = schema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((i) => (i.code === 'custom' ? i.message : `${i.path.join('.')}: ${i.message}`));
    throw new Error(`Invalid environment:\n${lines.map((l) => `  ${l}`).join('\n')}`);
  }
  const config = result.data;
  if (config.MIGRATION_DATABASE_URL && !config.DATABASE_URL) {
    throw new Error('MIGRATION_DATABASE_URL is set but DATABASE_URL is not: set both, or neither for the embedded database.');
  }
  return config;
}
