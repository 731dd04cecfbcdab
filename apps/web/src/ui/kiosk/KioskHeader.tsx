import { Box, Group, Stack, Text, type MantineColor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LanguageButtons, type KioskLanguage } from '../kiosk-i18n';

/**
 * A public kiosk's header: its title, the organization and clinic it is connected to (their names
 * once the public look-up answers, the ids from the URL until then) and the language buttons.
 */
export function KioskHeader(props: {
  title: string;
  color: MantineColor;
  tenant: { organizationId: string; clinicId: string };
  connected: { organization: { name: string }; clinic: { name: string } } | undefined;
  language: { language: KioskLanguage; choose: (language: KioskLanguage) => void };
  titleSize?: number | string;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <Box component="header" bg={props.color} c="white" px="lg" py="sm" className={props.className}>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Stack gap={0}>
          <Text fw={props.titleSize ? 800 : 700} fz={props.titleSize ?? 'lg'}>
            {props.title}
          </Text>
          <Text fz="md" aria-label={t('common.connectedLabel')}>
            {t('common.organization')}: <strong>{props.connected?.organization.name ?? props.tenant.organizationId}</strong> · {t('common.clinic')}:{' '}
            <strong>{props.connected?.clinic.name ?? props.tenant.clinicId}</strong>
          </Text>
        </Stack>
        <LanguageButtons language={props.language.language} onChoose={props.language.choose} />
      </Group>
    </Box>
  );
}
