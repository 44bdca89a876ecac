import { ConfigProvider } from 'antd';
import arEG from 'antd/locale/ar_EG';
import enUS from 'antd/locale/en_US';
import esES from 'antd/locale/es_ES';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createI18n } from './i18n';
import { LanguageContext, type LanguageContextValue } from './language-context';
import { directionOf, type Language, readStoredLanguage, storeLanguage } from './languages';

const ANTD_LOCALES: Record<Language, typeof enUS> = { en: enUS, ar: arEG, es: esES };

/**
 * Owns the interface language: the texts (i18next), antd's locale and direction, `<html lang dir>`
 * and the choice remembered in localStorage.
 */
export function LanguageProvider({ children }: { children: ReactNode }) {
  const [language, setLanguageState] = useState(readStoredLanguage);
  const [i18n] = useState(() => createI18n(language));
  const direction = directionOf(language);

  useEffect(() => {
    document.documentElement.lang = language;
    document.documentElement.dir = direction;
  }, [language, direction]);

  const setLanguage = useCallback(
    (next: Language) => {
      void i18n.changeLanguage(next);
      storeLanguage(next);
      setLanguageState(next);
    },
    [i18n],
  );

  const value = useMemo<LanguageContextValue>(
    () => ({ language, direction, setLanguage }),
    [language, direction, setLanguage],
  );

  return (
    <LanguageContext value={value}>
      <I18nextProvider i18n={i18n}>
        <ConfigProvider direction={direction} locale={ANTD_LOCALES[language]}>
          {children}
        </ConfigProvider>
      </I18nextProvider>
    </LanguageContext>
  );
}
