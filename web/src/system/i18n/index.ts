/** i18next with the Russian texts (default and only locale for now, spec core §9). */
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { ru } from './ru';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof ru };
  }
}

void i18n.use(initReactI18next).init({
  lng: 'ru',
  fallbackLng: 'ru',
  resources: { ru: { translation: ru } },
  interpolation: { escapeValue: false },
  initAsync: false,
});

export default i18n;
