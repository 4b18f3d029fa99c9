/**
 * i18next, set up once at start (spec core §9 "Default locale Russian"; chat-and-shell §2 locale routes). The entry
 * chunk carries no texts: the account areas' Russian texts (`ru.ts`, namespace `translation`) are added by
 * `./app` when an account area loads, the public site's namespaces by the public pages themselves; so the public
 * pages' first load stays small (issue 13 "Fast first load").
 */
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Resources } from './ru';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Resources };
  }
}

/** Locales the platform has: Russian (default, complete) and English (the public pages). */
export const LOCALES = ['ru', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'ru';

void i18n.use(initReactI18next).init({
  lng: DEFAULT_LOCALE,
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: [...LOCALES],
  resources: {},
  partialBundledLanguages: true,
  interpolation: { escapeValue: false },
  initAsync: false,
});

export default i18n;
