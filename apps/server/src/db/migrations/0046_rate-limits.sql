CREATE TABLE "rate_limits" (
	"key" varchar(255) PRIMARY KEY NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"expire" bigint
);
--> statement-breakpoint
-- The request limits' counters (platform/rate-limit.ts), kept by the login role before any tenant
-- is chosen: read, upserted, and deleted once expired. Not tenant data (a limit's name and a client
-- address or API key id per row), so no RLS; clinic_app gets nothing.
GRANT SELECT, INSERT, UPDATE, DELETE ON rate_limits TO clinic_server;
