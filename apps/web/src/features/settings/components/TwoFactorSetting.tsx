import { Stack, Switch, Text } from '@mantine/core';

/**
 * The Security category's two-factor switch. TOTP enrolment does not exist on the platform yet
 * (the organization-administration issue adds `/api/auth/mfa/enroll`), so the switch is off and
 * says so. This one component is the seam: wire it to the enrolment there.
 */
export function TwoFactorSetting() {
  return (
    <Stack gap={4}>
      <Switch label="Two-factor authentication" checked={false} disabled readOnly />
      <Text size="sm" c="dimmed">
        Two-factor authentication (TOTP) is not yet available on this platform. It will be offered here once enrolment ships.
      </Text>
    </Stack>
  );
}
