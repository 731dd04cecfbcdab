CREATE TABLE "patient_search_prefixes" (
	"organization_id" text NOT NULL,
	"clinic_id" text NOT NULL,
	"prefix" text NOT NULL,
	"status" text NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "patient_search_prefixes_pk" PRIMARY KEY("organization_id","clinic_id","prefix","status")
);
--> statement-breakpoint
ALTER TABLE "patient_search_prefixes" ADD CONSTRAINT "patient_search_prefixes_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;