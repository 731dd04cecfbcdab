import { Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { KIOSK_TOUCH } from './touch';

/** A kiosk step's Back button (in the kiosk's language) and the step's own button after it. */
export function StepButtons({ back, disabled, children }: { back: () => void; disabled?: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" mt="md">
      <Button {...KIOSK_TOUCH} variant="default" onClick={back} disabled={disabled}>
        {t('common.back')}
      </Button>
      {children}
    </Group>
  );
}
