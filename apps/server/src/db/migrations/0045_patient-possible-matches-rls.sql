-- Flagged by public submissions, read and resolved by staff; never deleted.
GRANT SELECT, INSERT, UPDATE ON patient_possible_matches TO clinic_app;
--> statement-breakpoint
SELECT enable_tenant_rls('patient_possible_matches');
--> statement-breakpoint
-- A merge moves an intake to the chart that stays; an erasure clears the intake's copy of the person.
GRANT UPDATE ON pediatric_intakes TO clinic_app;
