CREATE TABLE "visitor_badges" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"visitor_id" text NOT NULL,
	"badge_number" text NOT NULL,
	"issued_on" date NOT NULL,
	"badge_type" text DEFAULT 'Standard' NOT NULL,
	"color" text NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"access_level" text DEFAULT 'General' NOT NULL,
	"printed" boolean DEFAULT false NOT NULL,
	"issued_by" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "visitor_badges_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "visitor_badges_number_day_unique" UNIQUE("organization_id","issued_on","badge_number")
);
--> statement-breakpoint
CREATE TABLE "visitor_watch_list" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"name_key" text NOT NULL,
	"phone_digits" text,
	"document_key" text,
	"reason" text NOT NULL,
	"visitor_id" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lifted_at" timestamp with time zone,
	"lifted_by" text,
	"lift_reason" text,
	CONSTRAINT "visitor_watch_list_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "visitors" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"clinic_id" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text,
	"phone" text NOT NULL,
	"phone_digits" text NOT NULL,
	"relationship" text NOT NULL,
	"visit_purpose" text NOT NULL,
	"patient_id" text,
	"patient_name" text NOT NULL,
	"department" text,
	"floor" text,
	"room_number" text,
	"check_in_time" timestamp with time zone NOT NULL,
	"check_out_time" timestamp with time zone,
	"valid_until" timestamp with time zone NOT NULL,
	"badge_number" text NOT NULL,
	"access_level" text DEFAULT 'General' NOT NULL,
	"escort_required" boolean DEFAULT false NOT NULL,
	"escort_name" text,
	"special_instructions" text,
	"id_document_type" text,
	"id_document_number" text,
	"id_document_issued_by" text,
	"emergency_contact_name" text,
	"emergency_contact_phone" text,
	"emergency_contact_relationship" text,
	"health_screening" boolean DEFAULT false NOT NULL,
	"temperature" real,
	"symptoms" text[] DEFAULT '{}'::text[] NOT NULL,
	"wheelchair_access" boolean DEFAULT false NOT NULL,
	"source" text NOT NULL,
	"hours_override_reason" text,
	"rating" integer,
	"restricted_at" timestamp with time zone,
	"checked_in_by" text,
	"checked_out_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "visitors_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "care_department" text;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "floor" text;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "room_number" text;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "directory_opt_out" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "visitor_badges" ADD CONSTRAINT "visitor_badges_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visitor_badges" ADD CONSTRAINT "visitor_badges_organization_id_visitor_id_visitors_organization_id_id_fk" FOREIGN KEY ("organization_id","visitor_id") REFERENCES "public"."visitors"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visitor_watch_list" ADD CONSTRAINT "visitor_watch_list_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visitors" ADD CONSTRAINT "visitors_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visitors" ADD CONSTRAINT "visitors_organization_id_clinic_id_clinics_organization_id_id_fk" FOREIGN KEY ("organization_id","clinic_id") REFERENCES "public"."clinics"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "visitor_badges_visitor_idx" ON "visitor_badges" USING btree ("organization_id","visitor_id");--> statement-breakpoint
CREATE INDEX "visitor_watch_list_name_idx" ON "visitor_watch_list" USING btree ("organization_id","name_key") WHERE lifted_at IS NULL;--> statement-breakpoint
CREATE INDEX "visitor_watch_list_visitor_idx" ON "visitor_watch_list" USING btree ("organization_id","visitor_id");--> statement-breakpoint
CREATE INDEX "visitors_check_in_idx" ON "visitors" USING btree ("organization_id","check_in_time","id");--> statement-breakpoint
CREATE INDEX "visitors_open_patient_idx" ON "visitors" USING btree ("organization_id","patient_id","valid_until") WHERE check_out_time IS NULL AND restricted_at IS NULL;--> statement-breakpoint
CREATE INDEX "visitors_badge_idx" ON "visitors" USING btree ("organization_id","badge_number","check_in_time");--> statement-breakpoint
CREATE INDEX "visitors_person_idx" ON "visitors" USING btree ("organization_id","phone_digits","check_in_time");--> statement-breakpoint
-- Visitors are tenant data: the tenant policy on each table, and no DELETE (visits, badges and
-- watch-list entries are kept; a watch-list entry is lifted, a badge revoked).
GRANT SELECT, INSERT, UPDATE ON visitors TO clinic_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON visitor_badges TO clinic_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON visitor_watch_list TO clinic_app;
--> statement-breakpoint
SELECT enable_tenant_rls('visitors');
--> statement-breakpoint
SELECT enable_tenant_rls('visitor_badges');
--> statement-breakpoint
SELECT enable_tenant_rls('visitor_watch_list');
