CREATE TABLE "analytics_day_versions" (
	"organization_id" text NOT NULL,
	"clinic_id" text NOT NULL,
	"day" date NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL,
	CONSTRAINT "analytics_day_versions_organization_id_clinic_id_day_pk" PRIMARY KEY("organization_id","clinic_id","day")
);
--> statement-breakpoint
CREATE TABLE "analytics_days" (
	"organization_id" text NOT NULL,
	"clinic_id" text NOT NULL,
	"day" date NOT NULL,
	"time_zone" text NOT NULL,
	"signature" bigint NOT NULL,
	"figures" jsonb NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "analytics_days_organization_id_clinic_id_day_time_zone_pk" PRIMARY KEY("organization_id","clinic_id","day","time_zone")
);
--> statement-breakpoint
DROP INDEX "queue_entries_created_idx";--> statement-breakpoint
ALTER TABLE "analytics_day_versions" ADD CONSTRAINT "analytics_day_versions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_days" ADD CONSTRAINT "analytics_days_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "queue_entries_created_idx" ON "queue_entries" USING btree ("organization_id","clinic_id","created_at","status","patient_id","id");--> statement-breakpoint
-- A write to a visit checked in more than 24 hours ago (a rating added later, a correction, a
-- removal) bumps the version of its UTC day, so the daily rollup of every local day it falls in
-- is added up again (schema/analytics.ts). Today's check-ins and care never touch it.
CREATE OR REPLACE FUNCTION analytics_bump_version(org text, clinic text, at timestamptz) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF at < now() - interval '24 hours' THEN
    INSERT INTO analytics_day_versions (organization_id, clinic_id, day, version)
    VALUES (org, clinic, (at AT TIME ZONE 'UTC')::date, 1)
    ON CONFLICT (organization_id, clinic_id, day) DO UPDATE SET version = analytics_day_versions.version + 1;
  END IF;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION analytics_bump_day() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM analytics_bump_version(OLD.organization_id, OLD.clinic_id, OLD.created_at);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM analytics_bump_version(NEW.organization_id, NEW.clinic_id, NEW.created_at);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER queue_entries_analytics_days AFTER INSERT OR UPDATE OR DELETE ON queue_entries
  FOR EACH ROW EXECUTE FUNCTION analytics_bump_day();
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON analytics_days TO clinic_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON analytics_day_versions TO clinic_app;
--> statement-breakpoint
SELECT enable_tenant_rls('analytics_days');
--> statement-breakpoint
SELECT enable_tenant_rls('analytics_day_versions');
