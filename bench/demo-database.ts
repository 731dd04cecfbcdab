/** The demo organization the PostgreSQL benchmarks run against, and a member's sign-in to it. */
import { seedDemo } from '../apps/server/src/db/seed/demo.js';
import { createTestDatabase, type TestDatabase } from '../apps/server/src/test/harness.js';

const DEMO_PASSWORD = 'demo-password';

/**
 * A fresh PostgreSQL database (dropped by `drop`) holding the demo seed; null, after a line saying
 * `bench` was skipped, when DATABASE_URL names no server.
 */
export async function demoPostgres(bench: string): Promise<TestDatabase | null> {
  if (!process.env.DATABASE_URL) {
    console.log(`${bench} bench: skipped (set DATABASE_URL to a PostgreSQL server)`);
    return null;
  }
  const test = await createTestDatabase();
  await seedDemo(test.database.db, DEMO_PASSWORD);
  return test;
}

/** Signs the demo member `email` in on the app at `base`: the headers that carry the session. */
export async function demoSignIn(base: string, email: string): Promise<{ authorization: string }> {
  const signIn = await fetch(`${base}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  return { authorization: `Bearer ${(await signIn.json()).token}` };
}
