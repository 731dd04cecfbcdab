CREATE TABLE "patient_possible_matches" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"clinic_id" text NOT NULL,
	"patient_id" text NOT NULL,
	"match_patient_id" text NOT NULL,
	"reasons" text[] NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolution" text,
	"resolved_at" timestamp with time zone,
	"resolved_by" text,
	CONSTRAINT "patient_possible_matches_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
ALTER TABLE "patient_possible_matches" ADD CONSTRAINT "patient_possible_matches_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_possible_matches" ADD CONSTRAINT "patient_possible_matches_organization_id_patient_id_patients_organization_id_id_fk" FOREIGN KEY ("organization_id","patient_id") REFERENCES "public"."patients"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_possible_matches" ADD CONSTRAINT "patient_possible_matches_organization_id_match_patient_id_patients_organization_id_id_fk" FOREIGN KEY ("organization_id","match_patient_id") REFERENCES "public"."patients"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "patient_possible_matches_patient_idx" ON "patient_possible_matches" USING btree ("organization_id","patient_id");--> statement-breakpoint
CREATE INDEX "patient_possible_matches_match_idx" ON "patient_possible_matches" USING btree ("organization_id","match_patient_id");