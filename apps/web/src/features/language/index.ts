/** What the rest of the app may use of the language feature; its other files are its own. */
export { useLanguage, type LanguageContextValue } from './language-context';
export { LanguageProvider } from './LanguageProvider';
export { LanguageSwitch } from './LanguageSwitch';
export { LANGUAGE_STORAGE_KEY, type Direction, type Language } from './languages';
