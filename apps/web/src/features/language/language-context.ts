import { createContext, useContext } from 'react';
import type { Direction, Language } from './languages';

export interface LanguageContextValue {
  language: Language;
  direction: Direction;
  setLanguage: (language: Language) => void;
}

export const LanguageContext = createContext<LanguageContextValue | null>(null);

export function useLanguage(): LanguageContextValue {
  const value = useContext(LanguageContext);
  if (value === null) throw new Error('useLanguage must be used within a LanguageProvider');
  return value;
}
