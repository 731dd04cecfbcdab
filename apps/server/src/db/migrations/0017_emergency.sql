CREATE TABLE "emergency_alerts" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"clinic_id" text,
	"type" text NOT NULL,
	"cause" text,
	"subject_id" text,
	"severity" text NOT NULL,
	"priority" integer NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"message" text NOT NULL,
	"patient_id" text,
	"queue_entry_id" text,
	"mass_casualty_event_id" text,
	"location" text,
	"raised_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"acknowledged_at" timestamp with time zone,
	"acknowledged_by" text,
	"acknowledge_note" text,
	"resolved_at" timestamp with time zone,
	"resolved_by" text,
	"resolution_note" text,
	CONSTRAINT "emergency_alerts_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "emergency_entry_details" (
	"organization_id" text NOT NULL,
	"queue_entry_id" text NOT NULL,
	"parent_present" boolean,
	"weight_kg" real,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "emergency_entry_details_organization_id_queue_entry_id_pk" PRIMARY KEY("organization_id","queue_entry_id")
);
--> statement-breakpoint
CREATE TABLE "emergency_facilities" (
	"organization_id" text NOT NULL,
	"clinic_id" text NOT NULL,
	"level" text,
	"facility_code" text,
	"bed_count" integer,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "emergency_facilities_organization_id_clinic_id_pk" PRIMARY KEY("organization_id","clinic_id")
);
--> statement-breakpoint
CREATE TABLE "emergency_protocol_steps" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"protocol_id" text NOT NULL,
	"step_number" integer NOT NULL,
	"description" text NOT NULL,
	"duration_seconds" integer NOT NULL,
	"required_staff" text[] DEFAULT '{}'::text[] NOT NULL,
	"required_equipment" text[] DEFAULT '{}'::text[] NOT NULL,
	"critical" boolean DEFAULT false NOT NULL,
	CONSTRAINT "emergency_protocol_steps_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "emergency_protocol_steps_number_unique" UNIQUE("organization_id","protocol_id","step_number")
);
--> statement-breakpoint
CREATE TABLE "emergency_protocols" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"name" text NOT NULL,
	"category" text NOT NULL,
	"description" text NOT NULL,
	"estimated_minutes" integer NOT NULL,
	"required_resources" text[] DEFAULT '{}'::text[] NOT NULL,
	"keywords" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_by" text,
	"updated_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "emergency_protocols_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "emergency_protocols_name_unique" UNIQUE("organization_id","name")
);
--> statement-breakpoint
CREATE TABLE "emergency_risk_assessments" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"clinic_id" text NOT NULL,
	"queue_entry_id" text NOT NULL,
	"patient_id" text,
	"assessment_type" text NOT NULL,
	"risk_score" integer NOT NULL,
	"risk_level" text NOT NULL,
	"news2_score" integer,
	"risk_factors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"recommendations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"vitals" jsonb,
	"assessed_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "emergency_risk_assessments_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "mass_casualty_events" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"clinic_id" text,
	"event_type" text NOT NULL,
	"severity" text NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"expected_arrivals" integer DEFAULT 0 NOT NULL,
	"resources_needed" text[] DEFAULT '{}'::text[] NOT NULL,
	"incident_at" timestamp with time zone NOT NULL,
	"declared_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_by" text,
	CONSTRAINT "mass_casualty_events_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "mass_casualty_patients" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"event_id" text NOT NULL,
	"subject_id" text NOT NULL,
	"queue_entry_id" text,
	"patient_id" text,
	"triage_color" text NOT NULL,
	"tagged_by" text,
	"tagged_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mass_casualty_patients_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "mass_casualty_patients_subject_unique" UNIQUE("organization_id","event_id","subject_id")
);
--> statement-breakpoint
ALTER TABLE "emergency_alerts" ADD CONSTRAINT "emergency_alerts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emergency_entry_details" ADD CONSTRAINT "emergency_entry_details_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emergency_entry_details" ADD CONSTRAINT "emergency_entry_details_organization_id_queue_entry_id_queue_entries_organization_id_id_fk" FOREIGN KEY ("organization_id","queue_entry_id") REFERENCES "public"."queue_entries"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emergency_facilities" ADD CONSTRAINT "emergency_facilities_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emergency_facilities" ADD CONSTRAINT "emergency_facilities_organization_id_clinic_id_clinics_organization_id_id_fk" FOREIGN KEY ("organization_id","clinic_id") REFERENCES "public"."clinics"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emergency_protocol_steps" ADD CONSTRAINT "emergency_protocol_steps_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emergency_protocol_steps" ADD CONSTRAINT "emergency_protocol_steps_organization_id_protocol_id_emergency_protocols_organization_id_id_fk" FOREIGN KEY ("organization_id","protocol_id") REFERENCES "public"."emergency_protocols"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emergency_protocols" ADD CONSTRAINT "emergency_protocols_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emergency_risk_assessments" ADD CONSTRAINT "emergency_risk_assessments_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emergency_risk_assessments" ADD CONSTRAINT "emergency_risk_assessments_organization_id_queue_entry_id_queue_entries_organization_id_id_fk" FOREIGN KEY ("organization_id","queue_entry_id") REFERENCES "public"."queue_entries"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mass_casualty_events" ADD CONSTRAINT "mass_casualty_events_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mass_casualty_patients" ADD CONSTRAINT "mass_casualty_patients_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mass_casualty_patients" ADD CONSTRAINT "mass_casualty_patients_organization_id_event_id_mass_casualty_events_organization_id_id_fk" FOREIGN KEY ("organization_id","event_id") REFERENCES "public"."mass_casualty_events"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "emergency_alerts_clinic_idx" ON "emergency_alerts" USING btree ("organization_id","clinic_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "emergency_alerts_open_cause_unique" ON "emergency_alerts" USING btree ("organization_id","cause","subject_id") WHERE cause IS NOT NULL AND status <> 'RESOLVED';--> statement-breakpoint
CREATE INDEX "emergency_risk_assessments_clinic_idx" ON "emergency_risk_assessments" USING btree ("organization_id","clinic_id","created_at");--> statement-breakpoint
CREATE INDEX "emergency_risk_assessments_entry_idx" ON "emergency_risk_assessments" USING btree ("organization_id","queue_entry_id","created_at");--> statement-breakpoint
CREATE INDEX "mass_casualty_events_clinic_idx" ON "mass_casualty_events" USING btree ("organization_id","clinic_id","status");--> statement-breakpoint
-- Tenant data: the app role's grants and the tenant policy. Protocol steps are replaced when a
-- protocol is edited (DELETE); nothing else is erased.
GRANT SELECT, INSERT, UPDATE ON emergency_facilities, emergency_alerts, emergency_risk_assessments, emergency_entry_details, emergency_protocols, mass_casualty_events, mass_casualty_patients TO clinic_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON emergency_protocol_steps TO clinic_app;
--> statement-breakpoint
SELECT enable_tenant_rls('emergency_facilities');
--> statement-breakpoint
SELECT enable_tenant_rls('emergency_alerts');
--> statement-breakpoint
SELECT enable_tenant_rls('emergency_risk_assessments');
--> statement-breakpoint
SELECT enable_tenant_rls('emergency_entry_details');
--> statement-breakpoint
SELECT enable_tenant_rls('emergency_protocols');
--> statement-breakpoint
SELECT enable_tenant_rls('emergency_protocol_steps');
--> statement-breakpoint
SELECT enable_tenant_rls('mass_casualty_events');
--> statement-breakpoint
SELECT enable_tenant_rls('mass_casualty_patients');
