CREATE TABLE "gdpr_consents" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"clinic_id" text NOT NULL,
	"patient_id" text NOT NULL,
	"purpose" text NOT NULL,
	"given_at" timestamp with time zone DEFAULT now() NOT NULL,
	"withdrawn_at" timestamp with time zone,
	"recorded_by" text,
	"withdrawn_by" text,
	CONSTRAINT "gdpr_consents_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "gdpr_rights_requests" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"clinic_id" text NOT NULL,
	"patient_id" text NOT NULL,
	"type" text NOT NULL,
	"notes" text,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"due_date" timestamp with time zone NOT NULL,
	"recorded_by" text,
	"completed_at" timestamp with time zone,
	"completed_by" text,
	"resolution" text,
	CONSTRAINT "gdpr_rights_requests_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "processing_restricted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "processing_restricted_by" text;--> statement-breakpoint
ALTER TABLE "gdpr_consents" ADD CONSTRAINT "gdpr_consents_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gdpr_consents" ADD CONSTRAINT "gdpr_consents_organization_id_patient_id_patients_organization_id_id_fk" FOREIGN KEY ("organization_id","patient_id") REFERENCES "public"."patients"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gdpr_rights_requests" ADD CONSTRAINT "gdpr_rights_requests_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gdpr_rights_requests" ADD CONSTRAINT "gdpr_rights_requests_organization_id_patient_id_patients_organization_id_id_fk" FOREIGN KEY ("organization_id","patient_id") REFERENCES "public"."patients"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gdpr_consents_patient_idx" ON "gdpr_consents" USING btree ("organization_id","patient_id","given_at");--> statement-breakpoint
CREATE INDEX "gdpr_consents_clinic_idx" ON "gdpr_consents" USING btree ("organization_id","clinic_id","purpose");--> statement-breakpoint
CREATE INDEX "gdpr_rights_requests_patient_idx" ON "gdpr_rights_requests" USING btree ("organization_id","patient_id","received_at");--> statement-breakpoint
CREATE INDEX "gdpr_rights_requests_open_idx" ON "gdpr_rights_requests" USING btree ("organization_id","clinic_id","due_date") WHERE status = 'OPEN';--> statement-breakpoint
CREATE INDEX "gdpr_rights_requests_clinic_idx" ON "gdpr_rights_requests" USING btree ("organization_id","clinic_id","received_at");