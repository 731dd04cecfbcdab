import { Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Banner } from '../../../ui/Banner';
import { KIOSK_TOUCH as TOUCH } from '../../../ui/kiosk';
import type { VisitorCheckInResult } from '../api/check-in-visitor';
import classes from '../visitor-badge.module.css';
import { badgeTextOf } from '../visitor-kiosk-text';
import { VisitorBadge } from './VisitorBadge';

/** The issued badge, the wear-your-badge notice, Print Badge and Check In Another Visitor. */
export function VisitorBadgeCard({ result, onAnother, language }: { result: VisitorCheckInResult; onAnother: () => void; language: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <Text fz="lg" className={classes.noPrint}>
        {t('visitorKiosk.badgeReady')}
      </Text>
      <VisitorBadge visitor={result.visitor} badge={result.badge} text={badgeTextOf(t, language)} />
      <Banner tone="info" className={classes.noPrint}>
        {t('visitorKiosk.wearBadge')}
      </Banner>
      <Group justify="center" wrap="wrap" className={classes.noPrint}>
        <Button {...TOUCH} variant="light" onClick={() => window.print()}>
          {t('visitorKiosk.print')}
        </Button>
        <Button {...TOUCH} onClick={onAnother}>
          {t('visitorKiosk.another')}
        </Button>
      </Group>
    </Stack>
  );
}
