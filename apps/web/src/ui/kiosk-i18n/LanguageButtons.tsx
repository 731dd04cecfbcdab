import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { KIOSK_LANGUAGES, LANGUAGE_NAMES, type KioskLanguage } from './kiosk-i18n';

/**
 * The kiosks' language switch, shown in the header on every step: one large button per language,
 * each named in its own language; the current one is pressed.
 */
export function LanguageButtons({ language, onChoose }: { language: KioskLanguage; onChoose: (language: KioskLanguage) => void }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" role="group" aria-label={t('common.language')} wrap="wrap">
      {KIOSK_LANGUAGES.map((lng) => (
        <Button
          key={lng}
          lang={lng}
          size="lg"
          miw={48}
          variant={lng === language ? 'white' : 'filled'}
          color={lng === language ? 'dark' : 'dark.7'}
          aria-pressed={lng === language}
          onClick={() => onChoose(lng)}
        >
          {LANGUAGE_NAMES[lng]}
        </Button>
      ))}
    </Group>
  );
}
