-- API keys are tenant data: the tenant policy; revoking is an UPDATE and keys are never deleted.
GRANT SELECT, INSERT, UPDATE ON api_keys TO clinic_app;
--> statement-breakpoint
SELECT enable_tenant_rls('api_keys');
