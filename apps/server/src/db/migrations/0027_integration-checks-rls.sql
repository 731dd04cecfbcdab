-- Connection checks are written once and never changed.
GRANT SELECT, INSERT ON integration_checks TO clinic_app;
--> statement-breakpoint
SELECT enable_tenant_rls('integration_checks');
