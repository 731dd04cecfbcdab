import { z } from 'zod';

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
  WEB_DIST: z.string().optional(),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** Outgoing mail server, e.g. `smtp://user:pass@mail.example.org:587`; unset sends no mail. */
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('ClinicFlow <no-reply@localhost>'),
  NODE_ENV: z.string().default('development'),
  LOG_LEVEL: z.string().default('info'),
});

/** Typed configuration read once from the environment. */
export type Config = z.infer<typeof schema>;

/** Reads and validates the environment. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const config = schema.parse(env);
  if (config.MIGRATION_DATABASE_URL && !config.DATABASE_URL) {
    throw new Error('MIGRATION_DATABASE_URL is set but DATABASE_URL is not: set both, or neither for the embedded database.');
  }
  return config;
}
