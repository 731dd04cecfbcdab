import { Anchor, Stack, Switch, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useSession } from '../../../api/session';

/**
 * The Security category's two-factor switch: whether the member's TOTP second factor is on (from
 * the session), and the way to turn it on or off. Enrolment (QR code, confirmation code, backup
 * codes) and turning it off (password and code) happen on Account Security, where the server checks
 * them; the switch itself only shows the state.
 */
export function TwoFactorSetting() {
  const security = useSession().data?.security;
  const enabled = security?.mfaEnabled ?? false;
  return (
    <Stack gap={4}>
      <Switch label="Two-factor authentication" checked={enabled} disabled readOnly />
      <Text size="sm" c="dimmed">
        {enabled ? 'Two-factor authentication (TOTP) is on for your account.' : 'Two-factor authentication (TOTP) is off for your account.'}{' '}
        <Anchor component={Link} to="/account/security" size="sm">
          {enabled ? 'Manage two-factor authentication' : 'Set up two-factor authentication'}
        </Anchor>
      </Text>
    </Stack>
  );
}
