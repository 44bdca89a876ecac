import ar from '../../../locales/ar/translation.json';
import en from '../../../locales/en/translation.json';
import es from '../../../locales/es/translation.json';

type Texts = { [key: string]: string | Texts };

function flatten(texts: Texts, prefix = ''): Record<string, string> {
  return Object.fromEntries(
    Object.entries(texts).flatMap(([key, value]) =>
      typeof value === 'string'
        ? [[`${prefix}${key}`, value]]
        : Object.entries(flatten(value, `${prefix}${key}.`)),
    ),
  );
}

const english = flatten(en);

/** Brand names of the channels read the same in Spanish. */
const PLATFORM_NAMES = [
  'platforms.facebook',
  'platforms.instagram',
  'platforms.twitter',
  'platforms.whatsapp',
];

describe.each([
  ['ar', flatten(ar), ['common.appName']],
  [
    'es',
    flatten(es),
    ['common.appName', 'common.error', 'landing.pricing.plans.pro.name', ...PLATFORM_NAMES],
  ],
])('%s texts', (_language, texts, sameAsEnglish) => {
  it('have exactly the English keys', () => {
    expect(Object.keys(texts).sort()).toEqual(Object.keys(english).sort());
  });

  it('are translations, not English copies', () => {
    expect(Object.keys(texts).filter((key) => texts[key] === english[key])).toEqual(sameAsEnglish);
  });

  it('keep every {{placeholder}}', () => {
    for (const [key, text] of Object.entries(english)) {
      expect([key, texts[key].match(/{{\w+}}/g)]).toEqual([key, text.match(/{{\w+}}/g)]);
    }
  });
});
