import { soundTokensOf } from '@parley/agent';
import { createServiceApp, loadConfig, ServiceConfig, type ServiceApp } from '@parley/server-kit';
import { createTestInfra, type TestInfra } from '@parley/server-kit/testing';
import { Client } from 'pg';
import { catalogueServiceModule } from '../apps/catalogue-service/src/app.module';

/**
 * Sound keys are computed twice: by catalogue-service's `sound_keys` SQL function (product names on write, a
 * message's words in the product search) and by the agent's language packs (its own ranking of the products found).
 * A product the search finds by sound must be one the agent recognises, so the two must read every word alike.
 */

/** Words of both scripts as customers and owners write them: accents, marks, articles, doubled letters, digits. */
const WRITTEN = [
  'Laptop Stand 15',
  'laptops',
  'Samsung Galaxy',
  'سامسونج جالاكسي',
  'باللابتوب والشامبو',
  'الشامبو',
  'شَاوَرْمَا',
  'ساندويتش بيتزا',
  'بسكوتة بسكوته',
  'إسبريسو أديداس آيفون',
  'ى ة ء ؤ ئ ٱلكتاب',
  '¿Tienen champú o escáner?',
  'pingüinos, cóctel y espagueti',
  'hamburguesas hamburger',
  'Mozzarella mozarela',
  'Chrome christmas church',
  'whisky wheel',
  'box taxi express',
  'quick queso guerra guitarra gym',
  'Aero-5 kettle ×2',
  'لابtop aero5 ٥٠٠',
  'thanks, I want to order something',
];

/** Random words, so that the rules are compared beyond the words anyone thought of. */
function randomWords(count: number): string[] {
  const latin = 'abcdefghijklmnopqrstuvwxyz';
  const arabic = 'ابتثجحخدذرزسشصضطظعغفقكلمنهويةىءأإآؤئپڤگچژ';
  let seed = 7;
  const next = (n: number) => {
    seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
    return Math.floor((seed / 2 ** 32) * n);
  };
  return Array.from({ length: count }, (_, i) => {
    const letters = i % 2 === 0 ? latin : arabic;
    const prefix = i % 2 === 1 && i % 6 === 1 ? 'ال' : '';
    return prefix + Array.from({ length: 2 + next(8) }, () => letters[next(letters.length)]).join('');
  });
}

describe('sound keys: the SQL and the agent read every word alike (real PostgreSQL)', () => {
  let infra: TestInfra;
  let service: ServiceApp;
  let db: Client;

  beforeAll(async () => {
    infra = await createTestInfra();
    const config = loadConfig(ServiceConfig, infra.env);
    // Starting catalogue-service runs its migrations, which create sound_keys.
    service = await createServiceApp('catalogue-service', catalogueServiceModule(config), config);
    db = new Client({ connectionString: infra.env.DATABASE_URL });
    await db.connect();
  }, 30_000);

  afterAll(async () => {
    await db?.end();
    await service?.app.close();
    await infra?.cleanup();
  });

  const sqlTokens = async (texts: string[], lookup: boolean): Promise<string[][]> => {
    const { rows } = await db.query<{ tokens: string[] }>(
      'select catalogue_service.sound_keys(t, $2) as tokens from unnest($1::text[]) with ordinality as x(t, n) order by n',
      [texts, lookup],
    );
    return rows.map((row) => [...row.tokens].sort());
  };
  const agentTokens = (texts: string[], lookup: boolean) =>
    texts.map((text) => soundTokensOf(text, lookup).sort());

  it.each([false, true])('gives the same tokens for names and messages (lookup: %s)', async (lookup) => {
    const texts = [...WRITTEN, ...randomWords(600), randomWords(40).join(' ')];
    const sql = await sqlTokens(texts, lookup);
    const agent = agentTokens(texts, lookup);
    const differing = texts.flatMap((text, i) =>
      JSON.stringify(sql[i]) === JSON.stringify(agent[i])
        ? []
        : [`${text}: SQL ${sql[i].join(',')} agent ${agent[i].join(',')}`],
    );
    expect(differing).toEqual([]);
    // The words above have keys: the comparison is not of empty lists.
    expect(sql.filter((tokens) => tokens.length > 0).length).toBeGreaterThan(300);
  });

  it('keeps a product name’s tokens on write', async () => {
    const owner = '7a1c3d70-0000-4000-8000-000000000001';
    await db.query(
      `insert into catalogue_service.products (id, owner_id, name, description, price, category)
       values (gen_random_uuid(), $1, 'Samsung Galaxy Phone', '', 1, 'Phones')`,
      [owner],
    );
    const { rows } = await db.query<{ name_sounds: string[] }>(
      'select name_sounds from catalogue_service.products where owner_id = $1',
      [owner],
    );
    expect([...rows[0].name_sounds].sort()).toEqual(soundTokensOf('Samsung Galaxy Phone', false).sort());
    await db.query(`update catalogue_service.products set name = 'Laptop Stand' where owner_id = $1`, [
      owner,
    ]);
    const renamed = await db.query<{ name_sounds: string[] }>(
      'select name_sounds from catalogue_service.products where owner_id = $1',
      [owner],
    );
    expect([...renamed.rows[0].name_sounds].sort()).toEqual(soundTokensOf('Laptop Stand', false).sort());
  });
});
