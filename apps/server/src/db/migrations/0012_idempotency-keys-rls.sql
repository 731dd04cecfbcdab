-- Idempotency keys are tenant data: the tenant policy, and the app role may delete expired rows.
GRANT SELECT, INSERT, UPDATE, DELETE ON idempotency_keys TO clinic_app;
--> statement-breakpoint
SELECT enable_tenant_rls('idempotency_keys');
