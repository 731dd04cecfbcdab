-- Rights requests and consents are tenant data: the tenant policy on each table, and no DELETE
-- (a request is closed, a consent withdrawn; both keep their history).
GRANT SELECT, INSERT, UPDATE ON gdpr_rights_requests TO clinic_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON gdpr_consents TO clinic_app;
--> statement-breakpoint
SELECT enable_tenant_rls('gdpr_rights_requests');
--> statement-breakpoint
SELECT enable_tenant_rls('gdpr_consents');
