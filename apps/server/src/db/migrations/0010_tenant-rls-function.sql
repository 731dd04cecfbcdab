-- The tenant policy, written once. A migration that adds a tenant table calls
--   SELECT enable_tenant_rls('visitors');
-- instead of repeating the ENABLE / FORCE / CREATE POLICY block of 0001, 0003 and 0005. Grants stay
-- explicit per table (some tables are append-only, some keep no DELETE), beside the call.
-- db/tenant-tables.test.ts checks that every table with an organization_id column went through it.
-- (rate_limit_hits and email_verifications of 0008 are not tenant data: keyed by address and user,
-- read before any organization is chosen, touched only by the login role.)
CREATE OR REPLACE FUNCTION enable_tenant_rls(target regclass, key_column text DEFAULT 'organization_id')
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('ALTER TABLE %s ENABLE ROW LEVEL SECURITY', target);
  EXECUTE format('ALTER TABLE %s FORCE ROW LEVEL SECURITY', target);
  IF NOT EXISTS (SELECT 1 FROM pg_policy WHERE polrelid = target AND polname = 'tenant_isolation') THEN
    EXECUTE format(
      'CREATE POLICY tenant_isolation ON %s USING (%I = nullif(current_setting(''app.organization_id'', true), '''')) '
      'WITH CHECK (%I = nullif(current_setting(''app.organization_id'', true), ''''))',
      target, key_column, key_column);
  END IF;
END
$$;
