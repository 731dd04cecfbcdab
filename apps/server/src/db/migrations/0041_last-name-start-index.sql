-- The reversed-name branch of a search reads the matches of a last name in the list's name order
-- from this index: from 3 characters on it stops after a page instead of sorting every match
-- (patient-search.ts, searchBranches); it replaces the index of the reversed name. The last name's
-- start is a column of its own: under row level security an index can only be used with conditions
-- on plain columns (a function of a column is not leakproof).
DROP INDEX "patients_name_reversed_idx";--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "search_last_name_start" text COLLATE "C" GENERATED ALWAYS AS (left(lower(last_name || ' ' || first_name), 3)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "patients_last_name_start_idx" ON "patients" USING btree ("organization_id","clinic_id","search_last_name_start","search_name","id","status","created_at","search_name_reversed") WHERE archived_at IS NULL;