-- Whether a member's account has a confirmed second factor (not the secret): the Settings
-- screen's two-factor state and the SOC 2 MFA adoption check read it in the tenant transaction.
GRANT SELECT (mfa_enabled_at) ON users TO clinic_app;
