import { buildApp } from './app.js';
import { loadConfig, type Config } from './config.js';
import { openDatabase } from './db/open.js';
import { noMailer, smtpMailer } from './platform/mail.js';
import { checkPoolRole } from './db/roles.js';
import { demoSignInLines, isEmpty, seedDemo } from './db/seed/demo.js';

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  // A wrong setting is the operator's to fix: say what is wrong, without a stack trace.
  console.error((error as Error).message);
  process.exit(1);
}
// Migrations (and the demo seed) run as the owner; the app's pool as the login role.
const database = await openDatabase(config, async (owner) => {
  // The embedded database is the out-of-the-box demo: fill it on first start. A real PostgreSQL
  // database is seeded only on request (`npm run seed`).
  if (owner.kind === 'pglite' && (await isEmpty(owner.db))) await seedDemo(owner.db, config.DEMO_PASSWORD, { queue: true });
});
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
  production: config.NODE_ENV === 'production',
  mailer: config.SMTP_URL ? smtpMailer(config.SMTP_URL, config.MAIL_FROM) : noMailer,
  webDist: config.WEB_DIST,
  secureCookies: config.NODE_ENV === 'production',
  trustProxy: config.TRUST_PROXY,
  logger: { level: config.LOG_LEVEL },
  metricsToken: config.METRICS_TOKEN,
  processMetrics: true,
});
if (roleWarning) app.log.warn(roleWarning);
const shutdown = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
const address = await app.listen({ port: config.PORT, host: config.HOST });
const url = `http://localhost:${new URL(address).port}`;
console.log(`\nClinic platform running at ${url} (${database.kind === 'pglite' ? `embedded database in ${config.DATA_DIR}` : 'PostgreSQL'})`);
for (const line of demoSignInLines(config.DEMO_PASSWORD)) console.log(line);
