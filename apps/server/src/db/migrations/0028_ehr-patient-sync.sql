CREATE TABLE "ehr_patient_links" (
	"organization_id" text NOT NULL,
	"source" text NOT NULL,
	"external_id" text NOT NULL,
	"patient_id" text NOT NULL,
	"identifiers" text[] DEFAULT '{}'::text[] NOT NULL,
	"synced" jsonb NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ehr_patient_links_organization_id_source_external_id_pk" PRIMARY KEY("organization_id","source","external_id")
);
--> statement-breakpoint
CREATE TABLE "integration_credentials" (
	"organization_id" text NOT NULL,
	"integration" text NOT NULL,
	"bearer_token" text NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "integration_credentials_organization_id_integration_pk" PRIMARY KEY("organization_id","integration")
);
--> statement-breakpoint
ALTER TABLE "ehr_patient_links" ADD CONSTRAINT "ehr_patient_links_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ehr_patient_links" ADD CONSTRAINT "ehr_patient_links_organization_id_patient_id_patients_organization_id_id_fk" FOREIGN KEY ("organization_id","patient_id") REFERENCES "public"."patients"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_credentials" ADD CONSTRAINT "integration_credentials_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ehr_patient_links_patient_idx" ON "ehr_patient_links" USING btree ("organization_id","patient_id");