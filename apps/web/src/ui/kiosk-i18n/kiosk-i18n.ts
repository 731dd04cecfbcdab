import i18next from 'i18next';
import { useEffect, useState } from 'react';
import { initReactI18next } from 'react-i18next';
import de from './locales/de.json';
import en from './locales/en.json';
import es from './locales/es.json';
import fr from './locales/fr.json';

/**
 * The kiosks' languages: the organization languages of platform-core. One i18next
 * instance, loaded only by the kiosk routes (this module is imported by kiosk pages alone, so it
 * rides in their lazy chunks); staff screens stay English and never load it.
 */
export const KIOSK_LANGUAGES = ['en', 'es', 'fr', 'de'] as const;
/** A kiosk language. */
export type KioskLanguage = (typeof KIOSK_LANGUAGES)[number];

/** Each language's name in itself, as its button shows it. */
export const LANGUAGE_NAMES: Record<KioskLanguage, string> = { en: 'English', es: 'Español', fr: 'Français', de: 'Deutsch' };

/** The translation files, one per language (English is the spec's wording). */
export const KIOSK_TRANSLATIONS: Record<KioskLanguage, typeof en> = { en, es, fr, de };

const kioskI18n = i18next.createInstance();
void kioskI18n.use(initReactI18next).init({
  resources: Object.fromEntries(KIOSK_LANGUAGES.map((lng) => [lng, { translation: KIOSK_TRANSLATIONS[lng] }])),
  lng: 'en',
  fallbackLng: 'en',
  supportedLngs: [...KIOSK_LANGUAGES],
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});

/** The i18next instance of the kiosks. */
export { kioskI18n };

/** A language code, if it is one of the kiosks'. */
export function kioskLanguageOf(code: string | null | undefined): KioskLanguage | null {
  return KIOSK_LANGUAGES.find((l) => l === code) ?? null;
}

/**
 * The language a kiosk speaks: the one the patient chose with the language buttons, else the
 * organization's (`organizationLanguage`, from the public clinic look-up), else English.
 * `reset()` forgets the choice (the next patient starts in the organization's language).
 */
export function useKioskLanguage(organizationLanguage: string | null | undefined) {
  const [chosen, setChosen] = useState<KioskLanguage | null>(null);
  const language = chosen ?? kioskLanguageOf(organizationLanguage) ?? 'en';
  useEffect(() => {
    if (kioskI18n.language !== language) void kioskI18n.changeLanguage(language);
    document.documentElement.lang = language;
    return () => {
      document.documentElement.lang = 'en';
    };
  }, [language]);
  return { language, choose: setChosen, reset: () => setChosen(null) };
}
