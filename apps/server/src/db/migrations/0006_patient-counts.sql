CREATE TABLE "patient_counts" (
	"organization_id" text NOT NULL,
	"clinic_id" text NOT NULL,
	"status" text NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "patient_counts_organization_id_clinic_id_status_pk" PRIMARY KEY("organization_id","clinic_id","status")
);
--> statement-breakpoint
ALTER TABLE "patient_counts" ADD CONSTRAINT "patient_counts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;