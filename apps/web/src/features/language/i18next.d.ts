import type en from '../../locales/en/translation.json';

/** Type-checks every `t('…')` key against the English texts. */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
  }
}
