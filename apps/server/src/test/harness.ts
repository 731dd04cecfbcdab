/**
 * The medium test tier: the real app against a real, fresh database. PostgreSQL when
 * DATABASE_URL is set (each test file gets its own database, dropped afterwards), in-memory
 * PGlite otherwise (started from a migrated image, ~0.5 s). Migrations, the seed and the tests'
 * own reads and fixtures go through the owner's connection; the app gets the login role's, as in
 * production, so every test runs the app with the restricted role.
 *
 * The tests import it all from here; the parts live in `harness/`.
 */
export * from './harness/database.js';
export * from './harness/app.js';
export * from './harness/client.js';
export * from './harness/queries.js';
export * from './harness/streams.js';
