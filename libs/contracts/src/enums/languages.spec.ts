import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, textDirectionOf } from './languages';

describe('languages', () => {
  it('offers English (default), Arabic and Spanish', () => {
    expect(LANGUAGES).toEqual(['en', 'ar', 'es']);
    expect(DEFAULT_LANGUAGE).toBe('en');
    expect(isLanguage('ar')).toBe(true);
    expect(isLanguage('fr')).toBe(false);
  });

  it('writes Arabic right to left and the others left to right', () => {
    expect(LANGUAGES.map(textDirectionOf)).toEqual(['ltr', 'rtl', 'ltr']);
  });
});
