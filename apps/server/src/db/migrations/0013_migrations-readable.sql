-- Operations (`GET /api/admin/health`) report the latest applied migration. Drizzle's table holds
-- only each migration's hash and timestamp; the login role may read it, and nothing else of the
-- schema (no write, no other table).
GRANT USAGE ON SCHEMA drizzle TO clinic_server;
--> statement-breakpoint
GRANT SELECT ON drizzle.__drizzle_migrations TO clinic_server;
