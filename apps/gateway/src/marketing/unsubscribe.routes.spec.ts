import { languageOf } from './unsubscribe.routes';

describe("the unsubscribe page's language", () => {
  it.each([
    [undefined, 'en'],
    ['', 'en'],
    ['es-ES,es;q=0.9,en;q=0.8', 'es'],
    ['ar-EG', 'ar'],
    ['fr-FR,fr;q=0.9,ar;q=0.5,es;q=0.4', 'ar'],
    ['en;q=0.2, es;q=0.8', 'es'],
    ['es;q=0, ar', 'ar'],
    ['de, fr', 'en'],
    ['*', 'en'],
  ])('%j → %s', (header, language) => {
    expect(languageOf(header)).toBe(language);
  });
});
