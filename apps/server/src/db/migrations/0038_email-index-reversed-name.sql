-- A text search counts its e-mail matches that neither name key matched from this index alone
-- (patients.service.ts, totalOf): it carries the reversed name as well as the name.
DROP INDEX "patients_email_idx";--> statement-breakpoint
CREATE INDEX "patients_email_idx" ON "patients" USING btree ("organization_id","clinic_id","search_email","search_name","id","status","created_at","search_name_reversed") WHERE archived_at IS NULL;