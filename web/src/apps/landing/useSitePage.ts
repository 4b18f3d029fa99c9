/**
 * Applies a public page's locale (chat-and-shell §2): i18next's language, `<html lang>`, the LOCALE cookie (365 days)
 * and the document title; returns the page texts.
 */
import { useEffect } from 'react';
import i18n, { type Locale } from '../../system/i18n';
import { localeCookie } from './locale';
import { siteTexts, type SiteTexts } from './texts';

export function useSitePage(locale: Locale, title?: string): SiteTexts {
  const texts = siteTexts(locale);
  useEffect(() => {
    if (i18n.language !== locale) void i18n.changeLanguage(locale);
    document.documentElement.lang = locale;
    document.cookie = localeCookie(locale);
  }, [locale]);
  useEffect(() => {
    document.title = title ? `${title} — ${texts.appName}` : texts.appName;
  }, [title, texts.appName]);
  return texts;
}
