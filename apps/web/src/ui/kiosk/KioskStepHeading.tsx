import { Progress, Text, Title } from '@mantine/core';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A kiosk step's top: "Step n of m" with its progress bar, then the step's title, which takes the
 * focus on each step change (`headingRef` is the ref `useStepFocus` returns).
 */
export function KioskStepHeading({
  id,
  index,
  total,
  title,
  headingRef,
  className,
}: {
  /** The progress label's element id, unique on the page. */
  id: string;
  index: number;
  total: number;
  title: string;
  headingRef: Ref<HTMLHeadingElement>;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <div className={className}>
        <Text size="md" c="gray.7" id={id}>
          {t('common.stepOf', { step: index + 1, total })}
        </Text>
        <Progress.Root size="lg" mt={6}>
          <Progress.Section value={((index + 1) / total) * 100} aria-labelledby={id} />
        </Progress.Root>
      </div>
      <Title order={1} fz={32} ref={headingRef} tabIndex={-1} style={{ outline: 'none' }} className={className}>
        {title}
      </Title>
    </>
  );
}
