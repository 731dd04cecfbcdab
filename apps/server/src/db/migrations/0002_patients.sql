CREATE TABLE "patient_visits" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"clinic_id" text NOT NULL,
	"patient_id" text NOT NULL,
	"visited_at" timestamp with time zone NOT NULL,
	"type" text NOT NULL,
	"priority" text NOT NULL,
	"doctor" text NOT NULL,
	"wait_time_minutes" integer,
	"status" text NOT NULL,
	"symptoms" text,
	"diagnosis" text,
	"treatment" text,
	"notes" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "patient_visits_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "patients" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"clinic_id" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"date_of_birth" date NOT NULL,
	"gender" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"street" text NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"zip_code" text NOT NULL,
	"country" text DEFAULT 'USA' NOT NULL,
	"emergency_contact_name" text NOT NULL,
	"emergency_contact_relationship" text NOT NULL,
	"emergency_contact_phone" text NOT NULL,
	"blood_type" text,
	"allergies" text[] DEFAULT '{}'::text[] NOT NULL,
	"current_medications" text[] DEFAULT '{}'::text[] NOT NULL,
	"medical_history" text[] DEFAULT '{}'::text[] NOT NULL,
	"insurance_provider" text,
	"insurance_number" text,
	"created_by" text,
	"updated_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"discharged_at" timestamp with time zone,
	"archived_at" timestamp with time zone,
	"archived_by" text,
	"search_name" text COLLATE "C" GENERATED ALWAYS AS (lower(first_name || ' ' || last_name)) STORED NOT NULL,
	"search_name_reversed" text COLLATE "C" GENERATED ALWAYS AS (lower(last_name || ' ' || first_name)) STORED NOT NULL,
	"search_email" text COLLATE "C" GENERATED ALWAYS AS (lower(email)) STORED NOT NULL,
	"phone_digits" text COLLATE "C" GENERATED ALWAYS AS (regexp_replace(phone, '[^0-9]', '', 'g')) STORED NOT NULL,
	"phone_digits_reversed" text COLLATE "C" GENERATED ALWAYS AS (reverse(regexp_replace(phone, '[^0-9]', '', 'g'))) STORED NOT NULL,
	CONSTRAINT "patients_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
ALTER TABLE "patient_visits" ADD CONSTRAINT "patient_visits_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_visits" ADD CONSTRAINT "patient_visits_organization_id_patient_id_patients_organization_id_id_fk" FOREIGN KEY ("organization_id","patient_id") REFERENCES "public"."patients"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_organization_id_clinic_id_clinics_organization_id_id_fk" FOREIGN KEY ("organization_id","clinic_id") REFERENCES "public"."clinics"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "patient_visits_patient_idx" ON "patient_visits" USING btree ("organization_id","patient_id","visited_at");--> statement-breakpoint
CREATE INDEX "patients_name_idx" ON "patients" USING btree ("organization_id","clinic_id","search_name","id") WHERE archived_at IS NULL;--> statement-breakpoint
CREATE INDEX "patients_name_reversed_idx" ON "patients" USING btree ("organization_id","clinic_id","search_name_reversed") WHERE archived_at IS NULL;--> statement-breakpoint
CREATE INDEX "patients_email_idx" ON "patients" USING btree ("organization_id","clinic_id","search_email") WHERE archived_at IS NULL;--> statement-breakpoint
CREATE INDEX "patients_phone_idx" ON "patients" USING btree ("organization_id","clinic_id","phone_digits") WHERE archived_at IS NULL;--> statement-breakpoint
CREATE INDEX "patients_phone_reversed_idx" ON "patients" USING btree ("organization_id","clinic_id","phone_digits_reversed") WHERE archived_at IS NULL;--> statement-breakpoint
CREATE INDEX "patients_status_name_idx" ON "patients" USING btree ("organization_id","clinic_id","status","search_name","id") WHERE archived_at IS NULL;--> statement-breakpoint
CREATE INDEX "patients_created_idx" ON "patients" USING btree ("organization_id","clinic_id","created_at","id") WHERE archived_at IS NULL;