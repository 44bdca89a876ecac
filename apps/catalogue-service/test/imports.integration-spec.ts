import { randomUUID } from 'node:crypto';
import {
  ErrorCode,
  MAX_IMPORT_ROWS,
  type OwnerEvent,
  PRODUCTS_SUBJECTS,
  type ProductImportResponse,
  REALTIME_SUBJECT,
  type SetCatalogueCurrencyResponse,
  workspaceActor,
} from '@parley/contracts';
import {
  connectNats,
  createRedis,
  createServiceApp,
  loadConfig,
  OWNER_READ_BYTES_PER_WINDOW,
  OwnerReadBudget,
  ServiceClient,
  ServiceConfig,
  type ServiceApp,
  unpackZip,
  UploadStore,
} from '@parley/server-kit';
import {
  createTestInfra,
  type TestInfra,
  imageOnlyPdf,
  pdf,
  type PdfRun,
  PNG,
  spreadsheet,
  XLS_TYPE,
  XLSX_TYPE,
  zipBomb,
  zipWithDuplicatePart,
  zipWithUncountedPart,
} from '@parley/server-kit/testing';
import type { Redis } from 'ioredis';
import { JSONCodec, type NatsConnection } from 'nats';
import { Client } from 'pg';
import { catalogueServiceModule } from '../src/app.module';

const INVALID_TYPE = 'Invalid File Type: Please upload a PDF or Excel file.';
const MB = 1024 * 1024;
const GB = 1024 * MB;

// Every file is read in a child process that loads its library (about half a second of CPU, several
// seconds on a busy machine), and a test may import a few.
jest.setTimeout(60_000);

interface StoredProduct {
  name: string;
  description: string;
  price: string;
  category: string;
  features: string[];
  in_stock: boolean;
}

describe('catalogue imports (real PostgreSQL, NATS and Redis)', () => {
  let infra: TestInfra;
  let service: ServiceApp;
  let nc: NatsConnection;
  let client: ServiceClient;
  let redis: Redis;
  let uploads: UploadStore;
  let db: Client;
  let config: ServiceConfig;

  beforeAll(async () => {
    infra = await createTestInfra();
    config = loadConfig(ServiceConfig, infra.env);
    service = await createServiceApp('catalogue-service', catalogueServiceModule(config), config);
    nc = await connectNats(config.NATS_URL, 'imports-test');
    client = new ServiceClient(nc, config.NATS_PREFIX, 30_000);
    redis = createRedis(config.REDIS_URL);
    uploads = new UploadStore(redis, config.REDIS_PREFIX);
    db = new Client({ connectionString: infra.env.DATABASE_URL });
    await db.connect();
  }, 60_000);

  afterAll(async () => {
    await db?.end();
    redis?.disconnect();
    await nc?.drain();
    await service?.app.close();
    await infra?.cleanup();
  });

  /** What the gateway does: the bytes into the UploadStore, then the import request. */
  async function importFile(ownerId: string, bytes: Buffer, fileName: string, mediaType: string) {
    const uploadKey = await uploads.put(ownerId, bytes);
    return client.send<ProductImportResponse>(
      PRODUCTS_SUBJECTS.import,
      { uploadKey, fileName, mediaType },
      { actor: workspaceActor(ownerId) },
    );
  }

  const importXlsx = (ownerId: string, rows: (string | number | boolean | null)[][]) =>
    importFile(ownerId, spreadsheet(rows), 'catalogue.xlsx', XLSX_TYPE);

  /** What messaging-service does when the owner chooses the business's currency. */
  const setCurrency = (ownerId: string, currency: string) =>
    client.send<SetCatalogueCurrencyResponse>(
      PRODUCTS_SUBJECTS.setCurrency,
      { currency },
      { actor: workspaceActor(ownerId) },
    );

  async function products(ownerId: string): Promise<StoredProduct[]> {
    const { rows } = await db.query<StoredProduct>(
      `select name, description, price::text as price, category, features, in_stock
         from catalogue_service.products where owner_id = $1 order by lower(name)`,
      [ownerId],
    );
    return rows;
  }

  const stored = (name: string, price: string, more: Partial<StoredProduct> = {}): StoredProduct => ({
    name,
    description: `About ${name}`,
    price,
    category: 'Bakery',
    features: [],
    in_stock: true,
    ...more,
  });

  it('imports an English xlsx: a header below a title, every price form and stock form, features', async () => {
    const owner = randomUUID();
    const answer = await importXlsx(owner, [
      ['Spring price list'],
      [],
      ['SKU', 'Product Name', 'Description', 'Unit Price ($)', 'Category', 'Features', 'In stock'],
      ['A1', 'Cake stand', 'About Cake stand', '$1,299.00', 'Bakery', 'Glass, Gift box; Handmade', 'yes'],
      ['A2', 'Copper pan', 'About Copper pan', 'US$ 1.299,00', 'Bakery', null, 'out of stock'],
      ['A3', 'Date loaf', 'About Date loaf', '١٢٫٥٠', 'Bakery', null, 0],
      ['A4', 'Rye bread', 'About Rye bread', 4.2, 'Bakery', null, 12],
      ['A5', 'Scone', 'About Scone', 3, 'Bakery', null, false],
      ['A6', 'Tart tin', 'About Tart tin', '12.50', 'Bakery', null, null],
    ]);
    expect(answer).toEqual({ created: 6, updated: 0, skipped: 0, errors: [], currency: 'USD' });
    expect(await products(owner)).toEqual([
      stored('Cake stand', '1299.00', { features: ['Glass', 'Gift box', 'Handmade'] }),
      stored('Copper pan', '1299.00', { in_stock: false }),
      stored('Date loaf', '12.50', { in_stock: false }),
      stored('Rye bread', '4.20'),
      stored('Scone', '3.00', { in_stock: false }),
      stored('Tart tin', '12.50'),
    ]);
  });

  it('imports Spanish and Arabic headers, and an xls workbook', async () => {
    const spanish = randomUUID();
    await setCurrency(spanish, 'EUR');
    expect(
      await importXlsx(spanish, [
        ['Nombre', 'Descripción', 'Precio', 'Categoría', 'Características', 'Disponible'],
        ['Café', 'Tostado oscuro', '4,50 €', 'Bebidas', 'Orgánico; Comercio justo', 'sí'],
        ['Té', 'Verde', '3,00 €', 'Bebidas', null, 'agotado'],
      ]),
    ).toMatchObject({ created: 2, errors: [] });
    expect(await products(spanish)).toEqual([
      {
        name: 'Café',
        description: 'Tostado oscuro',
        price: '4.50',
        category: 'Bebidas',
        features: ['Orgánico', 'Comercio justo'],
        in_stock: true,
      },
      { name: 'Té', description: 'Verde', price: '3.00', category: 'Bebidas', features: [], in_stock: false },
    ]);

    const arabic = randomUUID();
    await setCurrency(arabic, 'SAR');
    expect(
      await importXlsx(arabic, [
        ['الاسم', 'الوصف', 'السعر', 'الفئة', 'المميزات', 'المخزون'],
        ['عسل سدر', 'عسل طبيعي', '٤٥ ر.س', 'أغذية', 'طبيعي، محلي', 'متوفر'],
        ['تمر', 'تمر مجدول', '١٢٫٥٠', 'أغذية', null, 'غير متوفر'],
      ]),
    ).toMatchObject({ created: 2, errors: [] });
    expect(await products(arabic)).toEqual(
      expect.arrayContaining([
        {
          name: 'عسل سدر',
          description: 'عسل طبيعي',
          price: '45.00',
          category: 'أغذية',
          features: ['طبيعي', 'محلي'],
          in_stock: true,
        },
        {
          name: 'تمر',
          description: 'تمر مجدول',
          price: '12.50',
          category: 'أغذية',
          features: [],
          in_stock: false,
        },
      ]),
    );

    const xls = randomUUID();
    const file = spreadsheet(
      [
        ['Name', 'Description', 'Price', 'Category'],
        ['Scone', 'About Scone', 3, 'Bakery'],
      ],
      'xls',
    );
    expect(await importFile(xls, file, 'old.xls', XLS_TYPE)).toMatchObject({ created: 1, errors: [] });
    expect(await products(xls)).toEqual([stored('Scone', '3.00')]);
  });

  it('imports a PDF price list whose table runs over two pages', async () => {
    const owner = randomUUID();
    const header: PdfRun[] = [
      [50, 700, 'Product'],
      [160, 700, 'Description'],
      [330, 700, 'Price'],
      [420, 700, 'Category'],
      [510, 700, 'Stock'],
    ];
    const row = (y: number, name: string, price: string, stock: string): PdfRun[] => [
      [50, y, name],
      [160, y, `About ${name}`],
      [330, y, price],
      [420, y, 'Bakery'],
      [510, y, stock],
    ];
    const file = pdf([
      [
        [50, 750, 'Price list'],
        ...header,
        ...row(680, 'Rye bread', '$4.20', 'in stock'),
        ...row(660, 'Scone', '$3.00', '0'),
      ],
      [...header, ...row(680, 'Tart tin', '12,50', 'yes')],
    ]);
    expect(await importFile(owner, file, 'prices.pdf', 'application/pdf')).toEqual({
      created: 3,
      updated: 0,
      skipped: 0,
      errors: [],
      currency: 'USD',
    });
    expect(await products(owner)).toEqual([
      stored('Rye bread', '4.20'),
      stored('Scone', '3.00', { in_stock: false }),
      stored('Tart tin', '12.50'),
    ]);
  });

  it('updates the products of the same name on a re-import instead of duplicating them', async () => {
    const owner = randomUUID();
    const header = ['Name', 'Description', 'Price', 'Category', 'Stock'];
    await importXlsx(owner, [
      header,
      ['Scone', 'About Scone', 3, 'Bakery', 'yes'],
      ['Tea', 'About Tea', 2, 'Bakery', 'yes'],
    ]);
    const again = await importXlsx(owner, [
      header,
      ['SCONE', 'Now with raisins', 3.5, 'Bakery', 'no'],
      ['Tea', 'About Tea', 2, 'Bakery', 'yes'],
      ['Bun', 'About Bun', 1, 'Bakery', 'yes'],
    ]);
    expect(again).toEqual({ created: 1, updated: 2, skipped: 0, errors: [], currency: 'USD' });
    expect(await products(owner)).toEqual([
      stored('Bun', '1.00'),
      stored('SCONE', '3.50', { description: 'Now with raisins', in_stock: false }),
      stored('Tea', '2.00'),
    ]);
  });

  it('runs two imports of one owner one after the other, without deadlocking on shared names', async () => {
    const owner = randomUUID();
    const names = Array.from({ length: 1500 }, (_, i) => `Product ${i}`);
    const file = (order: string[]) => [
      ['Name', 'Description', 'Price', 'Category'],
      ...order.map((n) => [n, 'd', 1, 'c']),
    ];
    const [first, second] = await Promise.all([
      importXlsx(owner, file(names)),
      importXlsx(owner, file([...names].reverse())),
    ]);
    expect(first.created + second.created).toBe(1500);
    expect(first.updated + second.updated).toBe(1500);
    expect(await products(owner)).toHaveLength(1500);
  });

  it('stores one product for names PostgreSQL lower-cases alike, though JavaScript does not (final sigma)', async () => {
    const owner = randomUUID();
    const answer = await importXlsx(owner, [
      ['Name', 'Description', 'Price', 'Category'],
      ['ΟΔΟΣ', 'd', 1, 'c'],
      ['οδοσ', 'd', 2, 'c'],
    ]);
    expect(answer).toEqual({ created: 1, updated: 0, skipped: 1, errors: [], currency: 'USD' });
    expect(await products(owner)).toHaveLength(1);
  });

  it('imports the good rows and reports each bad one with its row number and reason', async () => {
    const owner = randomUUID();
    const answer = await importXlsx(owner, [
      ['Name', 'Description', 'Price', 'Category', 'Stock'],
      ['Scone', 'About Scone', 3, 'Bakery', 'yes'],
      ['Mystery box', 'About Mystery box', 'call us', 'Bakery', 'yes'],
      [null, 'No name here', 2, 'Bakery', 'yes'],
      [],
      ['Tea', 'About Tea', -1, 'Bakery', 'yes'],
      ['Bun', 'About Bun', 1, 'Bakery', 'maybe'],
      ['Rye bread', 'About Rye bread', 4.2, 'Bakery', 'yes'],
    ]);
    expect(answer).toEqual({
      created: 2,
      updated: 0,
      skipped: 5,
      errors: [
        { row: 3, message: 'Price must be a number with at most 2 decimal places, such as 1299.00' },
        { row: 4, message: 'Name is required' },
        { row: 6, message: 'Price cannot be negative' },
        { row: 7, message: 'In stock must be yes or no, in stock or out of stock, or a quantity' },
      ],
      currency: 'USD',
    });
    expect((await products(owner)).map((p) => p.name)).toEqual(['Rye bread', 'Scone']);
  });

  it('stores prices in the business’s currency and reports each row priced in another, naming it', async () => {
    const owner = randomUUID();
    expect(await setCurrency(owner, 'GBP')).toEqual({ currency: 'GBP', relabelled: 0 });
    const answer = await importXlsx(owner, [
      ['Name', 'Description', 'Price', 'Category'],
      ['Mug', 'About Mug', '£28.00', 'Bakery'],
      ['Jug', 'About Jug', 'US$ 24', 'Bakery'],
      ['Bowl', 'About Bowl', 'GBP 12.50', 'Bakery'],
      ['Plate', 'About Plate', '12,50 €', 'Bakery'],
      ['Cup', 'About Cup', 9, 'Bakery'],
      ['Tray', 'About Tray', '45 ر.س', 'Bakery'],
      ['Vase', 'About Vase', '349.00 MXN', 'Bakery'],
    ]);
    const other = (code: string) => `Price is in ${code}, not GBP, the business's currency: the row was not imported`;
    expect(answer).toEqual({
      created: 3,
      updated: 0,
      skipped: 4,
      errors: [
        { row: 3, message: other('USD') },
        { row: 5, message: other('EUR') },
        { row: 7, message: other('SAR') },
        { row: 8, message: other('MXN') },
      ],
      currency: 'GBP',
    });
    const { rows } = await db.query<{ name: string; price: string; currency: string }>(
      `select name, price::text as price, currency from catalogue_service.products
        where owner_id = $1 order by lower(name)`,
      [owner],
    );
    expect(rows).toEqual([
      { name: 'Bowl', price: '12.50', currency: 'GBP' },
      { name: 'Cup', price: '9.00', currency: 'GBP' },
      { name: 'Mug', price: '28.00', currency: 'GBP' },
    ]);

    // A later change relabels the stored prices (no rates: the numbers stay), and a bad code is refused.
    expect(await setCurrency(owner, 'EUR')).toEqual({ currency: 'EUR', relabelled: 3 });
    const { rows: relabelled } = await db.query<{ currency: string }>(
      'select distinct currency from catalogue_service.products where owner_id = $1',
      [owner],
    );
    expect(relabelled).toEqual([{ currency: 'EUR' }]);
    await expect(setCurrency(owner, 'XXX')).rejects.toMatchObject({ code: ErrorCode.ValidationFailed });
  });

  it('leaves another owner’s products of the same name alone', async () => {
    const [mine, theirs] = [randomUUID(), randomUUID()];
    const header = ['Name', 'Description', 'Price', 'Category'];
    await importXlsx(theirs, [header, ['Scone', 'Theirs', 9, 'Bakery']]);
    expect(await importXlsx(mine, [header, ['Scone', 'Mine', 3, 'Bakery']])).toMatchObject({
      created: 1,
      updated: 0,
    });
    expect(await products(theirs)).toEqual([stored('Scone', '9.00', { description: 'Theirs' })]);
  });

  describe('refuses a file as a whole, storing nothing', () => {
    const header = ['Name', 'Description', 'Price', 'Category'];

    it.each([
      [
        'PDF bytes named .xlsx',
        () => pdf([[[50, 700, 'Name']]]),
        'catalogue.xlsx',
        XLSX_TYPE,
        ErrorCode.ValidationFailed,
        INVALID_TYPE,
      ],
      [
        'a PNG named .pdf',
        () => PNG,
        'scan.pdf',
        'application/pdf',
        ErrorCode.ValidationFailed,
        INVALID_TYPE,
      ],
      [
        'a zip bomb posing as xlsx',
        () => zipBomb({ lie: true }),
        'big.xlsx',
        XLSX_TYPE,
        ErrorCode.PayloadTooLarge,
        /^The spreadsheet unpacks to more than 64 MB/,
      ],
      [
        'a password-protected PDF',
        () => pdf([[[50, 700, 'Name']]], { encrypt: true }),
        'list.pdf',
        'application/pdf',
        ErrorCode.ValidationFailed,
        /password-protected/,
      ],
      [
        'an image-only PDF',
        imageOnlyPdf,
        'scan.pdf',
        'application/pdf',
        ErrorCode.ValidationFailed,
        /^The PDF has no text to read/,
      ],
      [
        'a spreadsheet without a product table',
        () => spreadsheet([['Notes'], ['Call us']]),
        'notes.xlsx',
        XLSX_TYPE,
        ErrorCode.ValidationFailed,
        /^Could not find the product table/,
      ],
      [
        `more than ${MAX_IMPORT_ROWS} rows`,
        () =>
          spreadsheet([
            header,
            ...Array.from({ length: MAX_IMPORT_ROWS + 1 }, (_, i) => [`P${i}`, 'd', 1, 'c']),
          ]),
        'huge.xlsx',
        XLSX_TYPE,
        ErrorCode.PayloadTooLarge,
        'The file has more than 10,000 product rows. Please split it into smaller files.',
      ],
    ])('%s', async (_what, bytes, fileName, mediaType, code, message) => {
      const owner = randomUUID();
      const refusal = importFile(owner, bytes(), fileName, mediaType);
      await expect(refusal).rejects.toMatchObject({ code, details: { field: 'catalog' } });
      await expect(refusal).rejects.toMatchObject({
        message: typeof message === 'string' ? message : expect.stringMatching(message),
      });
      expect(await products(owner)).toEqual([]);
    });

    it('an upload key that is unknown, already used, or another owner’s', async () => {
      const owner = randomUUID();
      const file = spreadsheet([header, ['Scone', 'About Scone', 3, 'Bakery']]);
      const uploadKey = await uploads.put(owner, file);
      const send = (ownerId: string, key: string) =>
        client.send(
          PRODUCTS_SUBJECTS.import,
          { uploadKey: key, fileName: 'a.xlsx', mediaType: XLSX_TYPE },
          { actor: workspaceActor(ownerId) },
        );
      const expired = {
        code: ErrorCode.ValidationFailed,
        message: 'The upload has expired. Please upload the file again.',
      };
      await expect(send(randomUUID(), uploadKey)).rejects.toMatchObject(expired);
      expect(await send(owner, uploadKey)).toMatchObject({ created: 1 });
      await expect(send(owner, uploadKey)).rejects.toMatchObject(expired);
      await expect(send(owner, 'not-a-key')).rejects.toMatchObject(expired);
      await expect(
        client.send(PRODUCTS_SUBJECTS.import, { uploadKey }, { actor: workspaceActor(owner) }),
      ).rejects.toMatchObject({
        code: ErrorCode.ValidationFailed,
      });
    });
  });

  it('publishes the import’s progress to the owner’s tabs, ending at 100 %', async () => {
    const owner = randomUUID();
    const codec = JSONCodec<OwnerEvent>();
    const events: OwnerEvent[] = [];
    const subscription = nc.subscribe(`${infra.env.NATS_PREFIX}${REALTIME_SUBJECT}`, {
      callback: (error, msg) => {
        const event = codec.decode(msg.data);
        if (!error && event.ownerId === owner) events.push(event);
      },
    });
    const rows = Array.from({ length: 3000 }, (_, i) => [`Product ${i}`, 'd', 1, 'c']);
    expect(await importXlsx(owner, [['Name', 'Description', 'Price', 'Category'], ...rows])).toMatchObject({
      created: 3000,
    });
    await nc.flush();
    subscription.unsubscribe();
    expect(events.length).toBeGreaterThanOrEqual(1);
    expect(events.every((e) => e.event.type === 'catalogue_import_progress' && e.event.message === '')).toBe(
      true,
    );
    const percents = events.map((e) => e.event.data?.percent as number);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    expect(events.at(-1)?.event.data).toEqual({ processed: 3000, total: 3000, percent: 100 });
  });

  /**
   * Files crafted to make the readers unpack far more than a check saw (issue #28): archives read two
   * ways, zip and PDF deflate bombs. Each must be refused, cost the service itself next to nothing (it
   * runs in this process, so its resident size shows here), and leave it answering other owners at once.
   */
  describe('hostile files', () => {
    const rss = () => process.memoryUsage().rss;
    const productNames = async (ownerId: string) => (await products(ownerId)).map((p) => p.name);

    const HEADER = ['Name', 'Description', 'Price', 'Category'];
    const catalogue = () => spreadsheet([HEADER, ['Scone', 'Buttery', 3, 'Bakes']]);

    it('refuses an xlsx with a part counted only in the end record field SheetJS reads, unpacking nothing', async () => {
      const owner = randomUUID();
      // 200 MB of zeros in about 200 KB, where SheetJS would inflate it and the old check never looked.
      const file = zipWithUncountedPart(
        catalogue(),
        { name: 'xl/media/image1.png', zeros: 200 * MB },
        'total',
      );
      expect(file.length).toBeLessThan(MB);
      const before = rss();
      await expect(importFile(owner, file, 'list.xlsx', XLSX_TYPE)).rejects.toMatchObject({
        code: ErrorCode.ValidationFailed,
        message: INVALID_TYPE,
        details: { field: 'catalog' },
      });
      expect(rss() - before).toBeLessThan(100 * MB);
      expect(await productNames(owner)).toEqual([]);
    }, 60_000);

    it('refuses an xlsx naming a part twice (the check would see one copy, a reader the other)', async () => {
      const owner = randomUUID();
      const decoy = spreadsheet([HEADER, ['Decoy', 'Not what the check read', 1, 'Bakes']]);
      const sheet = 'xl/worksheets/sheet1.xml';
      const [decoySheet] = unpackZip(decoy, { maxEntries: 100, maxUnpackedBytes: 10 * MB }).filter(
        (part) => part.name === sheet,
      );
      const file = zipWithDuplicatePart(catalogue(), sheet, decoySheet.data);
      await expect(importFile(owner, file, 'list.xlsx', XLSX_TYPE)).rejects.toMatchObject({
        code: ErrorCode.ValidationFailed,
        message: INVALID_TYPE,
      });
      expect(await productNames(owner)).toEqual([]);
    }, 60_000);

    it('refuses a 1 MB xlsx that unpacks to 1 GB within seconds, while another owner’s import completes promptly', async () => {
      const [attacker, neighbour] = [randomUUID(), randomUUID()];
      const bomb = zipWithUncountedPart(catalogue(), { name: 'xl/media/image1.png', zeros: GB }, 'total');
      expect(bomb.length).toBeLessThan(1.1 * MB);
      const before = rss();
      const started = Date.now();
      const refused = importFile(attacker, bomb, 'list.xlsx', XLSX_TYPE).then(
        () => 'imported',
        (error: { code: ErrorCode }) => error.code,
      );
      const neighbourStarted = Date.now();
      const neighbours = await importFile(neighbour, catalogue(), 'list.xlsx', XLSX_TYPE);
      const neighbourTook = Date.now() - neighbourStarted;
      expect(neighbours).toMatchObject({ created: 1 });
      expect(await refused).toBe(ErrorCode.ValidationFailed);
      expect(Date.now() - started).toBeLessThan(30_000);
      // A child process starting and loading SheetJS takes a second or two on a busy machine; the service's
      // own thread never inflates anything, so the neighbour waits for nothing else.
      expect(neighbourTook).toBeLessThan(15_000);
      expect(rss() - before).toBeLessThan(150 * MB);
      expect(await productNames(attacker)).toEqual([]);
    }, 120_000);

    it('stops a PDF whose content stream inflates to 1 GB at the reader’s memory limit; the service answers on', async () => {
      const owner = randomUUID();
      const bomb = pdf(
        [
          [
            [50, 700, 'Name'],
            [150, 700, 'Price'],
          ],
        ],
        { flateZeros: GB },
      );
      expect(bomb.length).toBeLessThan(1.1 * MB);
      const before = rss();
      const started = Date.now();
      await expect(importFile(owner, bomb, 'list.pdf', 'application/pdf')).rejects.toMatchObject({
        code: ErrorCode.PayloadTooLarge,
        message: expect.stringMatching(/^The PDF expands past 512 MB when read/),
        details: { field: 'catalog' },
      });
      expect(Date.now() - started).toBeLessThan(45_000);
      expect(rss() - before).toBeLessThan(150 * MB);
      expect(await productNames(owner)).toEqual([]);
      expect(await importFile(owner, catalogue(), 'list.xlsx', XLSX_TYPE)).toMatchObject({ created: 1 });
    }, 120_000);

    it('answers 429 once an owner’s reading budget for the hour is spent, and reads other owners’ files', async () => {
      const [spent, other] = [randomUUID(), randomUUID()];
      // What a run of bombs leaves: the owner's window taken whole (each stopped read keeps its reservation).
      const budget = new OwnerReadBudget(redis, config.REDIS_PREFIX);
      expect(await budget.reserve(spent, OWNER_READ_BYTES_PER_WINDOW)).toBeDefined();
      await expect(importFile(spent, catalogue(), 'list.xlsx', XLSX_TYPE)).rejects.toMatchObject({
        code: ErrorCode.RateLimited,
        message: expect.stringMatching(/too many large files read in the last hour/),
        details: { field: 'catalog' },
      });
      expect(await productNames(spent)).toEqual([]);
      expect(await importFile(other, catalogue(), 'list.xlsx', XLSX_TYPE)).toMatchObject({ created: 1 });
    }, 60_000);
  });
});
