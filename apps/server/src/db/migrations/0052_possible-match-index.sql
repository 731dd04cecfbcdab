-- The directory charts of a clinic by last name (ignoring case) and birth date: what a self check-in's
-- possible duplicates (patients/possible-matches.ts) and an EHR import's match (imported-patients.ts) look
-- up, with every new chart. Without it each looked through the clinic's whole directory.
CREATE INDEX "patients_possible_match_idx" ON "patients" USING btree ("organization_id","clinic_id",lower("last_name"),"date_of_birth") WHERE archived_at IS NULL;