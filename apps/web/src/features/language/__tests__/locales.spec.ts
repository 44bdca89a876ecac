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

/** i18next names a plural form by its CLDR category: `minLength_one`, Arabic's `minLength_few`… */
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

function baseKey(key: string): string {
  return key.replace(PLURAL_SUFFIX, '');
}

/** The categories of each counted text: `{ 'x.minLength': ['one', 'other'] }`. */
function pluralForms(texts: Record<string, string>): Record<string, string[]> {
  const forms: Record<string, string[]> = {};
  for (const key of Object.keys(texts)) {
    const category = PLURAL_SUFFIX.exec(key)?.[1];
    if (category) (forms[baseKey(key)] ??= []).push(category);
  }
  return forms;
}

/** The English text a translated key stands for; a plural form English lacks (Arabic's `_few`) is `_other`. */
function englishOf(key: string): string {
  return english[key] ?? english[`${baseKey(key)}_other`];
}

/** The named {{placeholders}} of a text; a plural form may leave out its count ("one character"). */
function placeholders(text: string, plural: boolean): string[] {
  const names = Array.from(text.matchAll(/{{(\w+)[^}]*}}/g), (match) => match[1]);
  return names.filter((name) => !(plural && name === 'count')).sort();
}

/**
 * Only the layout of translated texts or names: a sequence step's delay, then its template; the sidebar's
 * workspace name, then the member's role; a teammate's name before their message in the inbox list.
 */
const LAYOUTS = ['emailMarketing.sequences.stepLine', 'shell.workspaceRole', 'inbox.list.fromMember'];

/** Brand names of the channels read the same in Spanish. */
const PLATFORM_NAMES = [
  'platforms.facebook',
  'platforms.instagram',
  'platforms.twitter',
  'platforms.whatsapp',
];

describe.each([
  ['ar', flatten(ar), ['common.appName', ...LAYOUTS]],
  [
    'es',
    flatten(es),
    [
      'common.appName',
      'common.error',
      'landing.pricing.plans.pro.name',
      ...PLATFORM_NAMES,
      // Meta's Spanish names the category so too.
      'inbox.template.categories.MARKETING',
      // Spanish writes these words so too; the arrow reads left to right in both.
      'team.activity.arrow',
      'team.activity.fields.plan',
      'team.activity.no',
      ...LAYOUTS,
    ],
  ],
])('%s texts', (_language, texts, sameAsEnglish) => {
  it('have the English keys (a counted text with the plural forms of its language)', () => {
    expect([...new Set(Object.keys(texts).map(baseKey))].sort()).toEqual(
      [...new Set(Object.keys(english).map(baseKey))].sort(),
    );
  });

  it('are translations, not English copies', () => {
    expect(Object.keys(texts).filter((key) => texts[key] === englishOf(key)).sort()).toEqual(
      [...sameAsEnglish].sort(),
    );
  });

  it('keep every {{placeholder}}', () => {
    for (const [key, text] of Object.entries(texts)) {
      const plural = PLURAL_SUFFIX.test(key);
      expect([key, placeholders(text, plural)]).toEqual([key, placeholders(englishOf(key), plural)]);
    }
  });
});

it.each([
  ['en', english],
  ['ar', flatten(ar)],
  ['es', flatten(es)],
])('%s: each counted text of the English has every plural form of the language', (language, texts) => {
  const categories = [...new Intl.PluralRules(language).resolvedOptions().pluralCategories].sort();
  const expected = Object.keys(pluralForms(english)).map((key) => [key, categories]);
  const forms = Object.entries(pluralForms(texts)).map(([key, found]) => [key, found.sort()]);
  expect(forms.sort()).toEqual(expected.sort());
});
