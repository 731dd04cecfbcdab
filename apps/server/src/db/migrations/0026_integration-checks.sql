CREATE TABLE "integration_checks" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"integration" text NOT NULL,
	"endpoint" text NOT NULL,
	"ok" boolean NOT NULL,
	"error" text,
	"fhir_version" text,
	"software" text,
	"duration_ms" integer NOT NULL,
	"checked_by" text,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "integration_checks_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
ALTER TABLE "integration_checks" ADD CONSTRAINT "integration_checks_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "integration_checks_latest_idx" ON "integration_checks" USING btree ("organization_id","integration","endpoint","checked_at" DESC NULLS LAST);