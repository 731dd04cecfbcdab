/** The kiosks' languages: one i18next instance, the language hook and the language buttons. */
export { KIOSK_LANGUAGES, LANGUAGE_NAMES, kioskI18n, kioskLanguageOf, useKioskLanguage, type KioskLanguage } from './kiosk-i18n';
export { LanguageButtons } from './LanguageButtons';
