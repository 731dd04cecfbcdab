-- What a request's access is judged from (the session, its user, the user's memberships and own
-- settings, the organizations and their clinics) announces its changes on the channel
-- `access_changed` when the change commits, so that every instance drops what it remembered of it
-- (platform/session-cache.ts): 'u:<user id>' for a user's own rows, '*' for an organization or a
-- clinic, which any member's access may depend on.
CREATE FUNCTION notify_access_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  row_user text;
BEGIN
  IF TG_ARGV[0] = 'organization' THEN
    PERFORM pg_notify('access_changed', '*');
    RETURN NULL;
  END IF;
  -- A branch is parsed only when taken: users have `id`, the other tables `user_id`.
  IF TG_OP <> 'INSERT' THEN
    IF TG_ARGV[0] = 'user' THEN row_user := OLD.id; ELSE row_user := OLD.user_id; END IF;
    PERFORM pg_notify('access_changed', 'u:' || row_user);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    IF TG_ARGV[0] = 'user' THEN row_user := NEW.id; ELSE row_user := NEW.user_id; END IF;
    PERFORM pg_notify('access_changed', 'u:' || row_user);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sessions_access_changed AFTER UPDATE OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION notify_access_changed('member');
--> statement-breakpoint
CREATE TRIGGER users_access_changed AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION notify_access_changed('user');
--> statement-breakpoint
CREATE TRIGGER organization_members_access_changed AFTER INSERT OR UPDATE OR DELETE ON organization_members
  FOR EACH ROW EXECUTE FUNCTION notify_access_changed('member');
--> statement-breakpoint
CREATE TRIGGER member_settings_access_changed AFTER INSERT OR UPDATE OR DELETE ON member_settings
  FOR EACH ROW EXECUTE FUNCTION notify_access_changed('member');
--> statement-breakpoint
CREATE TRIGGER organizations_access_changed AFTER UPDATE OR DELETE ON organizations
  FOR EACH STATEMENT EXECUTE FUNCTION notify_access_changed('organization');
--> statement-breakpoint
CREATE TRIGGER clinics_access_changed AFTER INSERT OR UPDATE OR DELETE ON clinics
  FOR EACH STATEMENT EXECUTE FUNCTION notify_access_changed('organization');
