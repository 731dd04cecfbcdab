-- Each search key's index also carries the columns a list sorts and filters by (name, id, status,
-- date added): a search reads each key's matches in list order from its own index (one ordered range
-- per key with LIMIT, merged by a Merge Append) and counts them from the indexes alone. See
-- docs/performance.md, "The request path".
DROP INDEX "patients_name_idx";--> statement-breakpoint
DROP INDEX "patients_name_reversed_idx";--> statement-breakpoint
DROP INDEX "patients_email_idx";--> statement-breakpoint
DROP INDEX "patients_phone_idx";--> statement-breakpoint
DROP INDEX "patients_phone_reversed_idx";--> statement-breakpoint
CREATE INDEX "patients_name_idx" ON "patients" USING btree ("organization_id","clinic_id","search_name","id","status","created_at") WHERE archived_at IS NULL;--> statement-breakpoint
CREATE INDEX "patients_name_reversed_idx" ON "patients" USING btree ("organization_id","clinic_id","search_name_reversed","search_name","id","status","created_at") WHERE archived_at IS NULL;--> statement-breakpoint
CREATE INDEX "patients_email_idx" ON "patients" USING btree ("organization_id","clinic_id","search_email","search_name","id","status","created_at") WHERE archived_at IS NULL;--> statement-breakpoint
CREATE INDEX "patients_phone_idx" ON "patients" USING btree ("organization_id","clinic_id","phone_digits","search_name","id","status","created_at") WHERE archived_at IS NULL;--> statement-breakpoint
CREATE INDEX "patients_phone_reversed_idx" ON "patients" USING btree ("organization_id","clinic_id","phone_digits_reversed","search_name","id","status","created_at") WHERE archived_at IS NULL;