CREATE TABLE "clinical_trials" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"title" text NOT NULL,
	"phase" text NOT NULL,
	"status" text NOT NULL,
	"sponsor" text NOT NULL,
	"principal_investigator" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"target_enrollment" integer NOT NULL,
	"current_enrollment" integer DEFAULT 0 NOT NULL,
	"age_min" integer NOT NULL,
	"age_max" integer NOT NULL,
	"age_unit" text NOT NULL,
	"indications" text[] DEFAULT '{}'::text[] NOT NULL,
	"interventions" text[] DEFAULT '{}'::text[] NOT NULL,
	"endpoints" text[] DEFAULT '{}'::text[] NOT NULL,
	"inclusion_criteria" text[] DEFAULT '{}'::text[] NOT NULL,
	"exclusion_criteria" text[] DEFAULT '{}'::text[] NOT NULL,
	"protocol" text,
	"regulatory_approval" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clinical_trials_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "intake_tokens" (
	"organization_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"intake_id" text NOT NULL,
	"patient_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"enroll_used_at" timestamp with time zone,
	"queue_used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "intake_tokens_organization_id_token_hash_pk" PRIMARY KEY("organization_id","token_hash")
);
--> statement-breakpoint
CREATE TABLE "pediatric_intakes" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"clinic_id" text NOT NULL,
	"patient_id" text NOT NULL,
	"trial_id" text,
	"consent_status" text NOT NULL,
	"screening_number" text,
	"record" jsonb NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pediatric_intakes_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "trial_adverse_events" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"trial_id" text NOT NULL,
	"patient_id" text NOT NULL,
	"event_type" text NOT NULL,
	"severity" text NOT NULL,
	"relatedness" text NOT NULL,
	"description" text NOT NULL,
	"event_date" date NOT NULL,
	"serious" boolean NOT NULL,
	"reporting_due_date" date,
	"resolved" boolean DEFAULT false NOT NULL,
	"resolved_at" timestamp with time zone,
	"action_taken" text,
	"reported_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trial_adverse_events_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "trial_enrollments" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"trial_id" text NOT NULL,
	"patient_id" text NOT NULL,
	"screening_number" text,
	"enrollment_date" date NOT NULL,
	"randomization_group" text,
	"status" text DEFAULT 'Active' NOT NULL,
	"withdrawal_reason" text,
	"withdrawn_at" timestamp with time zone,
	"enrolled_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trial_enrollments_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "trial_enrollments_patient_key" UNIQUE("organization_id","trial_id","patient_id")
);
--> statement-breakpoint
CREATE TABLE "trial_visits" (
	"organization_id" text NOT NULL,
	"enrollment_id" text NOT NULL,
	"visit_number" integer NOT NULL,
	"visit_name" text NOT NULL,
	"scheduled_date" date NOT NULL,
	"completed_date" date,
	"procedures" text[] DEFAULT '{}'::text[] NOT NULL,
	"assessments" text[] DEFAULT '{}'::text[] NOT NULL,
	"completed_by" text,
	CONSTRAINT "trial_visits_organization_id_enrollment_id_visit_number_pk" PRIMARY KEY("organization_id","enrollment_id","visit_number")
);
--> statement-breakpoint
ALTER TABLE "clinical_trials" ADD CONSTRAINT "clinical_trials_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intake_tokens" ADD CONSTRAINT "intake_tokens_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intake_tokens" ADD CONSTRAINT "intake_tokens_organization_id_intake_id_pediatric_intakes_organization_id_id_fk" FOREIGN KEY ("organization_id","intake_id") REFERENCES "public"."pediatric_intakes"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pediatric_intakes" ADD CONSTRAINT "pediatric_intakes_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pediatric_intakes" ADD CONSTRAINT "pediatric_intakes_organization_id_clinic_id_clinics_organization_id_id_fk" FOREIGN KEY ("organization_id","clinic_id") REFERENCES "public"."clinics"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pediatric_intakes" ADD CONSTRAINT "pediatric_intakes_organization_id_patient_id_patients_organization_id_id_fk" FOREIGN KEY ("organization_id","patient_id") REFERENCES "public"."patients"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trial_adverse_events" ADD CONSTRAINT "trial_adverse_events_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trial_adverse_events" ADD CONSTRAINT "trial_adverse_events_organization_id_trial_id_clinical_trials_organization_id_id_fk" FOREIGN KEY ("organization_id","trial_id") REFERENCES "public"."clinical_trials"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trial_adverse_events" ADD CONSTRAINT "trial_adverse_events_organization_id_patient_id_patients_organization_id_id_fk" FOREIGN KEY ("organization_id","patient_id") REFERENCES "public"."patients"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trial_enrollments" ADD CONSTRAINT "trial_enrollments_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trial_enrollments" ADD CONSTRAINT "trial_enrollments_organization_id_trial_id_clinical_trials_organization_id_id_fk" FOREIGN KEY ("organization_id","trial_id") REFERENCES "public"."clinical_trials"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trial_enrollments" ADD CONSTRAINT "trial_enrollments_organization_id_patient_id_patients_organization_id_id_fk" FOREIGN KEY ("organization_id","patient_id") REFERENCES "public"."patients"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trial_visits" ADD CONSTRAINT "trial_visits_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trial_visits" ADD CONSTRAINT "trial_visits_organization_id_enrollment_id_trial_enrollments_organization_id_id_fk" FOREIGN KEY ("organization_id","enrollment_id") REFERENCES "public"."trial_enrollments"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clinical_trials_status_idx" ON "clinical_trials" USING btree ("organization_id","status","start_date");--> statement-breakpoint
CREATE INDEX "pediatric_intakes_patient_idx" ON "pediatric_intakes" USING btree ("organization_id","patient_id");--> statement-breakpoint
CREATE INDEX "trial_adverse_events_trial_idx" ON "trial_adverse_events" USING btree ("organization_id","trial_id","event_date");--> statement-breakpoint
CREATE INDEX "trial_adverse_events_recent_idx" ON "trial_adverse_events" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "trial_enrollments_patient_idx" ON "trial_enrollments" USING btree ("organization_id","patient_id");--> statement-breakpoint
-- Trials, enrolments, visits, adverse events and intake records are tenant data: the tenant policy
-- on each table, and no DELETE (records are kept; an enrolment is withdrawn, an event resolved).
GRANT SELECT, INSERT, UPDATE ON clinical_trials TO clinic_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON trial_enrollments TO clinic_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON trial_visits TO clinic_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON trial_adverse_events TO clinic_app;
--> statement-breakpoint
GRANT SELECT, INSERT ON pediatric_intakes TO clinic_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON intake_tokens TO clinic_app;
--> statement-breakpoint
SELECT enable_tenant_rls('clinical_trials');
--> statement-breakpoint
SELECT enable_tenant_rls('trial_enrollments');
--> statement-breakpoint
SELECT enable_tenant_rls('trial_visits');
--> statement-breakpoint
SELECT enable_tenant_rls('trial_adverse_events');
--> statement-breakpoint
SELECT enable_tenant_rls('pediatric_intakes');
--> statement-breakpoint
SELECT enable_tenant_rls('intake_tokens');
