-- A member's own session timeout shortens their sessions (issue 15). The session lookup runs as the
-- login role before any tenant is chosen, so it may read that one column of member_settings, for
-- every member (as it reads organization_members), and nothing else of what a member chose.
GRANT SELECT (organization_id, user_id, session_timeout_minutes) ON member_settings TO clinic_server;
--> statement-breakpoint
CREATE POLICY platform_read ON member_settings FOR SELECT TO clinic_server USING (true);
