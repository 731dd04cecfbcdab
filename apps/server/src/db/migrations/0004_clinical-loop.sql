-- Kiosk check-ins create directory patients with what the patient gave, so contact, address and
-- date of birth become optional; the search keys of e-mail and phone are rebuilt to accept NULL
-- (dropping a generated column drops its index, recreated at the end).
CREATE TABLE "queue_counters" (
	"organization_id" text NOT NULL,
	"clinic_id" text NOT NULL,
	"day" date NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "queue_counters_organization_id_clinic_id_day_pk" PRIMARY KEY("organization_id","clinic_id","day")
);
--> statement-breakpoint
CREATE TABLE "queue_entries" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"clinic_id" text NOT NULL,
	"queue_date" date NOT NULL,
	"queue_number" integer NOT NULL,
	"patient_id" text,
	"source" text NOT NULL,
	"department" text DEFAULT 'general' NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"requested_priority" text DEFAULT 'routine' NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"date_of_birth" date,
	"age" integer,
	"gender" text,
	"phone" text,
	"email" text,
	"emergency_contact" text,
	"emergency_phone" text,
	"chief_complaint" text NOT NULL,
	"symptoms" text[] DEFAULT '{}'::text[] NOT NULL,
	"medical_history" text[] DEFAULT '{}'::text[] NOT NULL,
	"allergies" text[] DEFAULT '{}'::text[] NOT NULL,
	"current_medications" text[] DEFAULT '{}'::text[] NOT NULL,
	"pain_level" integer,
	"vital_signs" jsonb,
	"vitals_recorded_at" timestamp with time zone,
	"supplemental_oxygen" boolean DEFAULT false NOT NULL,
	"risk_score" integer DEFAULT 0 NOT NULL,
	"news2_score" integer,
	"ai_confidence" real DEFAULT 0.85 NOT NULL,
	"estimated_time" integer DEFAULT 30 NOT NULL,
	"assigned_to" text,
	"assigned_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"started_by" text,
	"ended_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "queue_entries_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "queue_entries_number_unique" UNIQUE("organization_id","clinic_id","queue_date","queue_number")
);
--> statement-breakpoint
CREATE TABLE "queue_transitions" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"entry_id" text NOT NULL,
	"action" text NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"actor_user_id" text,
	"details" jsonb,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "queue_transitions_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "triage_assessments" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"user_id" text NOT NULL,
	"symptoms" text NOT NULL,
	"severity" text NOT NULL,
	"estimated_wait_minutes" integer NOT NULL,
	"recommendation" text NOT NULL,
	"ai_confidence" integer NOT NULL,
	"matched_keywords" text[] DEFAULT '{}'::text[] NOT NULL,
	"accepted_at" timestamp with time zone,
	"second_opinion_requested_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "triage_assessments_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
ALTER TABLE "patients" ALTER COLUMN "email" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "patients" ALTER COLUMN "phone" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "patients" ALTER COLUMN "date_of_birth" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "patients" ALTER COLUMN "gender" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "patients" ALTER COLUMN "street" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "patients" ALTER COLUMN "city" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "patients" ALTER COLUMN "state" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "patients" ALTER COLUMN "zip_code" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "patients" ALTER COLUMN "emergency_contact_name" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "patients" ALTER COLUMN "emergency_contact_relationship" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "patients" ALTER COLUMN "emergency_contact_phone" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "patients" drop column "search_email";--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "search_email" text COLLATE "C" GENERATED ALWAYS AS (lower(coalesce(email, ''))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "patients" drop column "phone_digits";--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "phone_digits" text COLLATE "C" GENERATED ALWAYS AS (regexp_replace(coalesce(phone, ''), '[^0-9]', '', 'g')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "patients" drop column "phone_digits_reversed";--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "phone_digits_reversed" text COLLATE "C" GENERATED ALWAYS AS (reverse(regexp_replace(coalesce(phone, ''), '[^0-9]', '', 'g'))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "queue_counters" ADD CONSTRAINT "queue_counters_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_entries" ADD CONSTRAINT "queue_entries_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_entries" ADD CONSTRAINT "queue_entries_organization_id_clinic_id_clinics_organization_id_id_fk" FOREIGN KEY ("organization_id","clinic_id") REFERENCES "public"."clinics"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_transitions" ADD CONSTRAINT "queue_transitions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_transitions" ADD CONSTRAINT "queue_transitions_organization_id_entry_id_queue_entries_organization_id_id_fk" FOREIGN KEY ("organization_id","entry_id") REFERENCES "public"."queue_entries"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "triage_assessments" ADD CONSTRAINT "triage_assessments_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "queue_entries_status_idx" ON "queue_entries" USING btree ("organization_id","clinic_id","status","created_at");--> statement-breakpoint
CREATE INDEX "queue_entries_patient_idx" ON "queue_entries" USING btree ("organization_id","patient_id");--> statement-breakpoint
CREATE INDEX "queue_transitions_entry_idx" ON "queue_transitions" USING btree ("organization_id","entry_id","at");--> statement-breakpoint
CREATE INDEX "triage_assessments_user_idx" ON "triage_assessments" USING btree ("organization_id","user_id","created_at");--> statement-breakpoint
CREATE INDEX "patients_email_idx" ON "patients" USING btree ("organization_id","clinic_id","search_email") WHERE archived_at IS NULL;--> statement-breakpoint
CREATE INDEX "patients_phone_idx" ON "patients" USING btree ("organization_id","clinic_id","phone_digits") WHERE archived_at IS NULL;--> statement-breakpoint
CREATE INDEX "patients_phone_reversed_idx" ON "patients" USING btree ("organization_id","clinic_id","phone_digits_reversed") WHERE archived_at IS NULL;
