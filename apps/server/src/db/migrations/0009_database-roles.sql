-- The app's pool connects as clinic_server: a login role that is no superuser, has no BYPASSRLS
-- and owns nothing. Before a tenant is chosen it works on the identity tables and reads the
-- directory of organizations, clinics, memberships and invitations; clinical data it reaches only
-- by SET ROLE clinic_app inside a tenant transaction. NOINHERIT: clinic_app's grants are not its
-- own, so RESET ROLE inside a tenant transaction leaves a role that cannot read a patient.
-- Migrations keep running as the owner. Roles are server-wide: created once, by whichever
-- database of the cluster migrates first; the operator sets its password (README).
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'clinic_server') THEN
    CREATE ROLE clinic_server LOGIN NOSUPERUSER NOBYPASSRLS NOINHERIT NOCREATEDB NOCREATEROLE NOREPLICATION;
  END IF;
EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
END
$$;
--> statement-breakpoint
-- Membership is server-wide too: databases migrating at the same moment may both try it.
DO $$
BEGIN
  IF NOT pg_has_role('clinic_server', 'clinic_app', 'MEMBER') THEN
    GRANT clinic_app TO clinic_server;
  END IF;
EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
END
$$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO clinic_server;
--> statement-breakpoint
-- Sign-up, sign-in, sessions and the choice of the current organization.
GRANT SELECT, INSERT, UPDATE ON users TO clinic_server;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON sessions, sign_in_attempts TO clinic_server;
--> statement-breakpoint
-- E-mail verification links and the database-kept abuse counters (migration 0008).
GRANT SELECT, INSERT, UPDATE ON email_verifications TO clinic_server;
--> statement-breakpoint
GRANT SELECT, INSERT, DELETE ON rate_limit_hits TO clinic_server;
--> statement-breakpoint
-- Membership resolution, the organizations a user may choose, invitation lookup and the public
-- screens' organization read across tenants: read only. Every write goes through withTenant.
GRANT SELECT ON organizations, clinics, organization_members, invitations TO clinic_server;
--> statement-breakpoint
CREATE POLICY platform_read ON organizations FOR SELECT TO clinic_server USING (true);
--> statement-breakpoint
CREATE POLICY platform_read ON clinics FOR SELECT TO clinic_server USING (true);
--> statement-breakpoint
CREATE POLICY platform_read ON organization_members FOR SELECT TO clinic_server USING (true);
--> statement-breakpoint
CREATE POLICY platform_read ON invitations FOR SELECT TO clinic_server USING (true);
--> statement-breakpoint
-- Sign-in, sign-up and sign-out events are written before a tenant is chosen: with no organization,
-- or in one the actor is a member of. The login role can neither read them back nor change them.
GRANT INSERT ON audit_events TO clinic_server;
--> statement-breakpoint
CREATE POLICY platform_audit ON audit_events FOR INSERT TO clinic_server
  WITH CHECK (
    organization_id IS NULL
    OR EXISTS (
      SELECT 1 FROM organization_members m
      WHERE m.organization_id = audit_events.organization_id AND m.user_id = audit_events.actor_user_id
    )
  );
--> statement-breakpoint
-- Audit rows are append-only for every role, the owner and superusers included (grants bind only
-- the app's roles). ENABLE ALWAYS: session_replication_role = replica does not skip it either.
CREATE FUNCTION audit_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_events is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
CREATE TRIGGER audit_events_append_only BEFORE UPDATE OR DELETE OR TRUNCATE ON audit_events
  FOR EACH STATEMENT EXECUTE FUNCTION audit_events_append_only();
--> statement-breakpoint
ALTER TABLE audit_events ENABLE ALWAYS TRIGGER audit_events_append_only;
