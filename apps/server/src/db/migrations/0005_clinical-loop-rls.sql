-- Row level security and grants for the clinical loop's tenant tables (see 0001).
GRANT SELECT, INSERT, UPDATE ON queue_entries, queue_counters, triage_assessments TO clinic_app;
--> statement-breakpoint
-- The history of an entry is append-only for the application.
GRANT SELECT, INSERT ON queue_transitions TO clinic_app;
--> statement-breakpoint
ALTER TABLE queue_entries ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE queue_entries FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON queue_entries
  USING (organization_id = nullif(current_setting('app.organization_id', true), ''))
  WITH CHECK (organization_id = nullif(current_setting('app.organization_id', true), ''));
--> statement-breakpoint
ALTER TABLE queue_transitions ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE queue_transitions FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON queue_transitions
  USING (organization_id = nullif(current_setting('app.organization_id', true), ''))
  WITH CHECK (organization_id = nullif(current_setting('app.organization_id', true), ''));
--> statement-breakpoint
ALTER TABLE queue_counters ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE queue_counters FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON queue_counters
  USING (organization_id = nullif(current_setting('app.organization_id', true), ''))
  WITH CHECK (organization_id = nullif(current_setting('app.organization_id', true), ''));
--> statement-breakpoint
ALTER TABLE triage_assessments ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE triage_assessments FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON triage_assessments
  USING (organization_id = nullif(current_setting('app.organization_id', true), ''))
  WITH CHECK (organization_id = nullif(current_setting('app.organization_id', true), ''));
