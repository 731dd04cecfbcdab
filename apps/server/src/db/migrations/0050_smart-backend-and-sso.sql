CREATE TABLE "ehr_sync_runs" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"integration" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"requested_by" text,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"heartbeat_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"progress" jsonb,
	"summary" jsonb,
	"error" text,
	CONSTRAINT "ehr_sync_runs_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "integration_signing_keys" (
	"organization_id" text NOT NULL,
	"kid" text NOT NULL,
	"integration" text NOT NULL,
	"algorithm" text NOT NULL,
	"public_jwk" jsonb NOT NULL,
	"private_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retired_at" timestamp with time zone,
	"created_by" text,
	CONSTRAINT "integration_signing_keys_organization_id_kid_pk" PRIMARY KEY("organization_id","kid")
);
--> statement-breakpoint
CREATE TABLE "sso_configurations" (
	"organization_id" text PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"issuer" text NOT NULL,
	"client_id" text NOT NULL,
	"client_secret" text,
	"enforce" boolean DEFAULT false NOT NULL,
	"default_role" text NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sso_domains" (
	"organization_id" text NOT NULL,
	"domain" text NOT NULL,
	"verification_token" text NOT NULL,
	"verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sso_domains_organization_id_domain_pk" PRIMARY KEY("organization_id","domain")
);
--> statement-breakpoint
CREATE TABLE "sso_identities" (
	"organization_id" text NOT NULL,
	"issuer" text NOT NULL,
	"subject" text NOT NULL,
	"user_id" text NOT NULL,
	"linked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_sign_in_at" timestamp with time zone,
	CONSTRAINT "sso_identities_organization_id_issuer_subject_pk" PRIMARY KEY("organization_id","issuer","subject")
);
--> statement-breakpoint
CREATE TABLE "sso_link_requests" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"sso_organization_id" text NOT NULL,
	"issuer" text NOT NULL,
	"subject" text NOT NULL,
	"user_id" text NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sso_sign_ins" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"sso_organization_id" text NOT NULL,
	"browser_hash" text NOT NULL,
	"nonce" text NOT NULL,
	"code_verifier" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "ehr_sync_runs" ADD CONSTRAINT "ehr_sync_runs_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_signing_keys" ADD CONSTRAINT "integration_signing_keys_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_configurations" ADD CONSTRAINT "sso_configurations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_domains" ADD CONSTRAINT "sso_domains_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_identities" ADD CONSTRAINT "sso_identities_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_identities" ADD CONSTRAINT "sso_identities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_link_requests" ADD CONSTRAINT "sso_link_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ehr_sync_runs_latest_idx" ON "ehr_sync_runs" USING btree ("organization_id","integration","requested_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "ehr_sync_runs_open_unique" ON "ehr_sync_runs" USING btree ("organization_id","integration") WHERE status IN ('queued', 'running');--> statement-breakpoint
CREATE INDEX "integration_signing_keys_integration_idx" ON "integration_signing_keys" USING btree ("organization_id","integration","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sso_domains_verified_unique" ON "sso_domains" USING btree ("domain") WHERE verified_at IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "sso_identities_user_unique" ON "sso_identities" USING btree ("organization_id","issuer","user_id");--> statement-breakpoint
CREATE INDEX "sso_sign_ins_expires_idx" ON "sso_sign_ins" USING btree ("expires_at");--> statement-breakpoint
-- Sync runs and signing keys are the organization's; runs are kept as the history of syncs.
GRANT SELECT, INSERT, UPDATE ON ehr_sync_runs, integration_signing_keys TO clinic_app;
--> statement-breakpoint
SELECT enable_tenant_rls('ehr_sync_runs');
--> statement-breakpoint
SELECT enable_tenant_rls('integration_signing_keys');
--> statement-breakpoint
-- The sync worker's one read across organizations: which runs wait for a worker (queued, or
-- running with a heartbeat older than stale_before: their instance stopped), as (organization, id)
-- and nothing else; it then works on each in that organization's tenant transaction.
CREATE POLICY ehr_sync_due ON ehr_sync_runs FOR SELECT TO CURRENT_USER USING (status IN ('queued', 'running'));
--> statement-breakpoint
CREATE FUNCTION due_ehr_sync_runs(stale_before timestamptz, max_runs integer)
RETURNS TABLE (organization_id text, id text)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
  SELECT r.organization_id, r.id FROM ehr_sync_runs r
  WHERE r.status = 'queued' OR (r.status = 'running' AND (r.heartbeat_at IS NULL OR r.heartbeat_at < stale_before))
  ORDER BY r.requested_at
  LIMIT max_runs
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION due_ehr_sync_runs(timestamptz, integer) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION due_ehr_sync_runs(timestamptz, integer) TO clinic_server;
--> statement-breakpoint
-- Single sign-on settings, claimed domains and linked identities are the organization's.
GRANT SELECT, INSERT, UPDATE, DELETE ON sso_configurations, sso_domains, sso_identities TO clinic_app;
--> statement-breakpoint
SELECT enable_tenant_rls('sso_configurations');
--> statement-breakpoint
SELECT enable_tenant_rls('sso_domains');
--> statement-breakpoint
SELECT enable_tenant_rls('sso_identities');
--> statement-breakpoint
-- Sign-ins under way and link requests come before any tenant is chosen: the login role's.
GRANT SELECT, INSERT, UPDATE, DELETE ON sso_sign_ins, sso_link_requests TO clinic_server;
--> statement-breakpoint
-- The one read across organizations that sign-in needs: which organization owns a verified
-- domain, and whether its single sign-on is on and enforced. Nothing else of the claim leaves it.
CREATE POLICY sso_domain_owner ON sso_domains FOR SELECT TO CURRENT_USER USING (verified_at IS NOT NULL);
--> statement-breakpoint
CREATE POLICY sso_domain_owner ON sso_configurations FOR SELECT TO CURRENT_USER USING (true);
--> statement-breakpoint
CREATE FUNCTION sso_domain_owner(email_domain text)
RETURNS TABLE (organization_id text, enabled boolean, enforce boolean)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
  SELECT d.organization_id, COALESCE(c.enabled, false), COALESCE(c.enabled AND c.enforce, false)
  FROM sso_domains d LEFT JOIN sso_configurations c ON c.organization_id = d.organization_id
  WHERE d.domain = lower(email_domain) AND d.verified_at IS NOT NULL
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION sso_domain_owner(text) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION sso_domain_owner(text) TO clinic_server;
