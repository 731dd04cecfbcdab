import { buildApp } from './app.js';
import { loadConfig, type Config } from './config.js';
import { billingConfig } from './modules/billing/index.js';
import { txtResolverFor } from './modules/sso/index.js';
import type { Database } from './db/client.js';
import { DatabaseInUseError } from './db/lock.js';
import { openDatabase } from './db/open.js';
import { noMailer, smtpMailer } from './platform/mail.js';
import { loadSecretsKey, useSecretsKey } from './platform/secret-box.js';
import { SHUTDOWN_GRACE_MS, shutdown } from './platform/shutdown.js';
import { checkPoolRole } from './db/roles.js';
import { demoSignInLines, isEmpty, seedDemo } from './db/seed/demo.js';

let config: Config;
let secrets: ReturnType<typeof loadSecretsKey>;
try {
  config = loadConfig();
  secrets = loadSecretsKey(config.SECRETS_KEY, config.DATA_DIR);
  useSecretsKey(secrets.key);
} catch (error) {
  // A wrong setting is the operator's to fix: say what is wrong, without a stack trace.
  console.error((error as Error).message);
  process.exit(1);
}
// Migrations (and the demo seed) run as the owner; the app's pool as the login role.
let database: Database;
try {
  database = await openDatabase(config, async (owner) => {
    // The embedded database is the out-of-the-box demo: fill it on first start. A real PostgreSQL
    // database is seeded only on request (`npm run seed`).
    if (owner.kind === 'pglite' && (await isEmpty(owner.db))) await seedDemo(owner.db, config.DEMO_PASSWORD, { queue: true });
  });
} catch (err) {
  // A second server on the same DATA_DIR: say so and leave the folder to the first one.
  if (!(err instanceof DatabaseInUseError)) throw err;
  console.error(`Cannot start: ${err.message}`);
  process.exit(1);
}
let roleWarning: string | null;
try {
  roleWarning = await checkPoolRole(database.db, config.NODE_ENV === 'production');
} catch (err) {
  console.error((err as Error).message);
  await database.close();
  process.exit(1);
}
const app = await buildApp({
  database,
  publicUrl: config.PUBLIC_URL,
  backupUrl: config.BACKUP_URL,
  production: config.NODE_ENV === 'production',
  mailer: config.SMTP_URL ? smtpMailer(config.SMTP_URL, config.MAIL_FROM) : noMailer,
  billing: billingConfig(config),
  webDist: config.WEB_DIST,
  secureCookies: config.NODE_ENV === 'production',
  trustProxy: config.TRUST_PROXY,
  logger: { level: config.LOG_LEVEL },
  metricsToken: config.METRICS_TOKEN,
  processMetrics: true,
  outbound: { allow: config.OUTBOUND_ALLOW },
  resolveTxt: txtResolverFor(config.DNS_SERVERS),
});
if (roleWarning) app.log.warn(roleWarning);
if (secrets.source === 'file' && database.kind !== 'pglite' && config.NODE_ENV === 'production')
  app.log.warn(
    `SECRETS_KEY is not set: secrets are sealed with the key in ${secrets.file}. Every instance of this database needs the same key: set SECRETS_KEY (openssl rand -hex 32) on each, and keep it out of the database's backups.`,
  );
// Graceful stop (platform/shutdown.ts): no new connections, event streams ended with a
// reconnection hint, in-flight requests finished (10 s at most), the pool closed. A repeated
// signal changes nothing (Ctrl+C under `npm start` delivers SIGINT twice: from the terminal and
// forwarded by npm); a shutdown that somehow outlives its bound is ended.
let stopping = false;
const stop = async (signal: NodeJS.Signals) => {
  if (stopping) return;
  stopping = true;
  app.log.info(`${signal}: shutting down`);
  setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS + 5_000).unref();
  try {
    await shutdown(app, database);
    process.exit(0);
  } catch (err) {
    app.log.error(err, 'shutdown failed');
    process.exit(1);
  }
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
const address = await app.listen({ port: config.PORT, host: config.HOST });
const url = `http://localhost:${new URL(address).port}`;
console.log(`\nClinic platform running at ${url} (${database.kind === 'pglite' ? `embedded database in ${config.DATA_DIR}` : 'PostgreSQL'})`);
for (const line of demoSignInLines(config.DEMO_PASSWORD)) console.log(line);
