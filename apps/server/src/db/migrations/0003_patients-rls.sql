-- Patient records are archived, never erased: the application role may read, add and change
-- them, but has no DELETE grant on either table.
GRANT SELECT, INSERT, UPDATE ON patients, patient_visits TO clinic_app;
--> statement-breakpoint
ALTER TABLE patients ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE patients FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON patients
  USING (organization_id = nullif(current_setting('app.organization_id', true), ''))
  WITH CHECK (organization_id = nullif(current_setting('app.organization_id', true), ''));
--> statement-breakpoint
ALTER TABLE patient_visits ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE patient_visits FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON patient_visits
  USING (organization_id = nullif(current_setting('app.organization_id', true), ''))
  WITH CHECK (organization_id = nullif(current_setting('app.organization_id', true), ''));
