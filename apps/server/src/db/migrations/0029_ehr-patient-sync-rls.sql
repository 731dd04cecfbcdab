-- A credential is replaced or removed by Admins; links are written and updated by Sync Patients.
GRANT SELECT, INSERT, UPDATE, DELETE ON integration_credentials TO clinic_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON ehr_patient_links TO clinic_app;
--> statement-breakpoint
SELECT enable_tenant_rls('integration_credentials');
--> statement-breakpoint
SELECT enable_tenant_rls('ehr_patient_links');
