import { randomUUID } from 'node:crypto';
import {
  ErrorCode,
  MESSAGING_SUBJECTS,
  type OwnerEvent,
  REALTIME_SUBJECT,
  type TrainingDocumentResponse,
  type TrainingDocumentUploadRequest,
  UPLOAD_MEDIA_TYPES,
  workspaceActor,
} from '@parley/contracts';
import {
  connectNats,
  createRedis,
  createServiceApp,
  loadConfig,
  ServiceClient,
  type ServiceApp,
  UploadStore,
} from '@parley/server-kit';
import {
  createTestInfra,
  encryptedDocx,
  imageOnlyPdf,
  pdf,
  spreadsheet,
  type TestInfra,
  zipBomb,
  zipWithDuplicatePart,
  zipWithUncountedPart,
} from '@parley/server-kit/testing';
import type { Redis } from 'ioredis';
import { JSONCodec, type NatsConnection } from 'nats';
import { Client } from 'pg';
import { messagingServiceModule } from '../src/app.module';
import { MessagingConfig } from '../src/config/messaging.config';
import { DOCUMENT_ERRORS } from '../src/training-documents/document-errors';
import { TrainingDocumentReconciler } from '../src/training-documents/training-document-reconciler';
import { MAX_PASSAGE_CHARS } from '../src/training-documents/passages';
import { TrainingDocumentProcessor } from '../src/training-documents/training-document.processor';
import { corruptDocx, docx, largeTextPdf, utf16le, windows1252 } from './document-files';

const { pdf: PDF, docx: DOCX, xlsx: XLSX, xls: XLS, txt: TXT } = UPLOAD_MEDIA_TYPES;

// Every file is read in a child process that loads its library (about half a second of CPU, several
// seconds on a busy machine), and a test may import a few.
jest.setTimeout(60_000);

const MB = 1024 * 1024;

interface StoredPassage {
  owner_id: string;
  category: string;
  title: string;
  content: string;
  tags: string[];
  priority: number;
  is_active: boolean;
  passage_index: number;
}

/** messaging-service alone on its own database, NATS prefix and Redis prefix, spoken to over NATS as the gateway would. */
describe('training documents (real PostgreSQL, NATS and Redis)', () => {
  let infra: TestInfra;
  let messaging: ServiceApp;
  let nc: NatsConnection;
  let client: ServiceClient;
  let redis: Redis;
  let uploads: UploadStore;
  let db: Client;
  let processor: TrainingDocumentProcessor;

  beforeAll(async () => {
    infra = await createTestInfra();
    const config = loadConfig(MessagingConfig, { ...infra.env, RECONCILE_INTERVAL_MS: '600000' });
    messaging = await createServiceApp('messaging-service', messagingServiceModule(config), config);
    nc = await connectNats(config.NATS_URL, 'training-documents-test');
    client = new ServiceClient(nc, config.NATS_PREFIX, 30_000);
    redis = createRedis(config.REDIS_URL);
    uploads = new UploadStore(redis, config.REDIS_PREFIX);
    db = new Client({ connectionString: infra.env.DATABASE_URL });
    await db.connect();
    processor = messaging.app.get(TrainingDocumentProcessor, { strict: false });
  }, 60_000);

  afterAll(async () => {
    await db?.end();
    redis?.disconnect();
    await nc?.drain();
    await messaging?.app.close();
    await infra?.cleanup();
  });

  /** The upload as the gateway hands it over: the bytes in the UploadStore, the key over NATS. */
  async function upload(owner: string, bytes: Buffer, fileName: string, mediaType: string) {
    const request: TrainingDocumentUploadRequest = {
      uploadKey: await uploads.put(owner, bytes),
      fileName,
      mediaType,
      fileSize: bytes.length,
    };
    return client.send<TrainingDocumentResponse>(MESSAGING_SUBJECTS.uploadTrainingDocument, request, {
      actor: workspaceActor(owner),
    });
  }

  const list = (owner: string) =>
    client.send<TrainingDocumentResponse[]>(
      MESSAGING_SUBJECTS.listTrainingDocuments,
      {},
      { actor: workspaceActor(owner) },
    );

  /** The document once its job has ended (completed or failed), as the list shows it. */
  async function finished(owner: string, id: string, ms = 45_000): Promise<TrainingDocumentResponse> {
    const end = Date.now() + ms;
    for (;;) {
      const document = (await list(owner)).find((d) => d.id === id);
      if (document && document.status !== 'processing') return document;
      if (Date.now() > end) throw new Error(`document ${id} still ${document?.status ?? 'missing'}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  async function passages(documentId: string): Promise<StoredPassage[]> {
    const { rows } = await db.query<StoredPassage>(
      `select owner_id, category, title, content, tags, priority, is_active, passage_index
         from messaging_service.knowledge_items where source_document_id = $1 order by passage_index`,
      [documentId],
    );
    return rows;
  }

  /** Uploads, waits for the job, and answers the document and its passages' titles and contents. */
  async function processed(owner: string, bytes: Buffer, fileName: string, mediaType: string) {
    const uploaded = await upload(owner, bytes, fileName, mediaType);
    expect(uploaded.status).toBe('processing');
    const document = await finished(owner, uploaded.id);
    const stored = await passages(uploaded.id);
    return { document, stored, sections: stored.map((p) => [p.title, p.content]) };
  }

  it('answers the upload at once as processing, then turns a PDF into passages that follow its headings', async () => {
    const owner = randomUUID();
    const file = pdf([
      [
        [50, 750, 'SHIPPING'],
        [50, 730, 'We ship across Spain in 2 to 3 working days.'],
        [50, 718, 'Orders over 50 euros ship free.'],
        [50, 690, '2. Returns'],
        [50, 670, 'You may return any item within 30 days of delivery.'],
      ],
      [
        [50, 750, 'Store hours:'],
        [50, 730, 'Monday to Friday, 9:00 to 18:00.'],
      ],
    ]);
    const uploaded = await upload(owner, file, 'policies.pdf', PDF);
    expect(uploaded).toEqual({
      id: expect.any(String),
      originalName: 'policies.pdf',
      fileType: 'pdf',
      fileSize: file.length,
      status: 'processing',
      processingError: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const document = await finished(owner, uploaded.id);
    expect(document).toMatchObject({ status: 'completed', processingError: null });
    const stored = await passages(uploaded.id);
    expect(stored.map((p) => [p.title, p.content, p.category])).toEqual([
      [
        'SHIPPING',
        'We ship across Spain in 2 to 3 working days. Orders over 50 euros ship free.',
        'policies',
      ],
      ['2. Returns', 'You may return any item within 30 days of delivery.', 'policies'],
      ['Store hours', 'Monday to Friday, 9:00 to 18:00.', 'company_info'],
    ]);
    for (const [i, p] of stored.entries()) {
      expect(p).toMatchObject({ owner_id: owner, tags: [], priority: 1, is_active: true, passage_index: i });
    }
    // The file's bytes are not kept once it is processed.
    const { rows } = await db.query(
      'select content from messaging_service.training_documents where id = $1',
      [uploaded.id],
    );
    expect(rows).toEqual([{ content: null }]);
  });

  it('follows a Word document’s heading styles, bold one-line headings and tables', async () => {
    const file = docx(
      [
        { style: 'Heading1', text: 'Warranty' },
        { text: 'Every kettle has a 2-year warranty.' },
        { style: 'Heading2', text: 'What it covers' },
        { text: 'Defects in materials & workmanship.' },
        { text: 'Payment', bold: true },
        { text: 'We accept Visa, Mastercard and PayPal.' },
        { style: 'Heading1', text: 'Delivery zones' },
      ],
      [
        ['Zone', 'Days'],
        ['Madrid', '1'],
      ],
    );
    const { document, sections } = await processed(randomUUID(), file, 'handbook.docx', DOCX);
    expect(document.fileType).toBe('docx');
    expect(sections).toEqual([
      ['Warranty', 'Every kettle has a 2-year warranty.'],
      ['What it covers', 'Defects in materials & workmanship.'],
      ['Payment', 'We accept Visa, Mastercard and PayPal.'],
      ['Delivery zones', 'Zone | Days\n\nMadrid | 1'],
    ]);
  });

  it.each([
    ['xlsx', XLSX],
    ['xls', XLS],
  ] as const)('reads an %s sheet by sheet, each row naming its values by the header', async (kind, type) => {
    const file = spreadsheet(
      [
        ['Question', 'Answer'],
        ['Do you ship abroad?', 'Yes, to all of Europe.'],
        ['Can I pay on delivery?', 'No.'],
      ],
      kind,
      {
        'Shipping rates': [
          ['Zone', 'Price'],
          ['Spain', '4.95 €'],
        ],
      },
    );
    const { document, sections } = await processed(randomUUID(), file, `faq.${kind}`, type);
    expect(document.fileType).toBe(kind);
    expect(sections).toEqual([
      ['Shipping rates', 'Zone: Spain; Price: 4.95 €'],
      [
        'Products',
        'Question: Do you ship abroad?; Answer: Yes, to all of Europe.\n\nQuestion: Can I pay on delivery?; Answer: No.',
      ],
    ]);
  });

  it.each([
    [
      'UTF-8',
      Buffer.from('# Envíos\n\nEnviamos a toda España en 48 horas.\n\n# Devoluciones\n\nTienes 30 días.'),
    ],
    [
      'UTF-16 LE with a BOM',
      utf16le(
        '# Envíos\r\n\r\nEnviamos a toda España en 48 horas.\r\n\r\n# Devoluciones\r\n\r\nTienes 30 días.',
      ),
    ],
    [
      'Windows-1252',
      windows1252('ENVÍOS\n\nEnviamos a toda España en 48 horas.\n\nDevoluciones\n====\nTienes 30 días.'),
    ],
  ])('reads a text file in %s', async (_encoding, bytes) => {
    const { sections } = await processed(randomUUID(), bytes, 'politicas.txt', TXT);
    expect(sections.map(([title, content]) => [title.replace('ENVÍOS', 'Envíos'), content])).toEqual([
      ['Envíos', 'Enviamos a toda España en 48 horas.'],
      ['Devoluciones', 'Tienes 30 días.'],
    ]);
  });

  it('keeps Windows-1252’s typographic characters and reads Arabic text in UTF-16', async () => {
    const latin = await processed(
      randomUUID(),
      windows1252('Precios:\n“Envío” desde 5 € – sin mínimo.'),
      'p.txt',
      TXT,
    );
    expect(latin.sections).toEqual([['Precios', '“Envío” desde 5 € – sin mínimo.']]);
    const arabic = await processed(
      randomUUID(),
      utf16le('سياسة الإرجاع:\nيمكنك إرجاع المنتج خلال 14 يومًا.'),
      'ar.txt',
      '',
    );
    expect(arabic.stored.map((p) => [p.title, p.content, p.category])).toEqual([
      ['سياسة الإرجاع', 'يمكنك إرجاع المنتج خلال 14 يومًا.', 'policies'],
    ]);
  });

  it('splits a long section between sentences into passages of at most 1 500 characters', async () => {
    const sentences = Array.from(
      { length: 60 },
      (_, i) => `Rule ${i} says that parcels are insured up to 500 euros each.`,
    );
    const text = `Insurance:\n${sentences.join(' ')}`;
    const { stored } = await processed(randomUUID(), Buffer.from(text), 'insurance.txt', TXT);
    expect(stored.length).toBeGreaterThan(1);
    for (const p of stored) {
      expect(p.title).toBe('Insurance');
      expect(p.content.length).toBeLessThanOrEqual(MAX_PASSAGE_CHARS);
      expect(p.content).toMatch(/^Rule \d+ .*\.$/);
    }
    expect(stored.map((p) => p.content).join(' ')).toBe(sentences.join(' '));
  });

  it.each([
    [
      'a password-protected PDF',
      pdf([[[50, 700, 'Secret']]], { encrypt: true }),
      'a.pdf',
      PDF,
      DOCUMENT_ERRORS.pdfPassword,
    ],
    ['a scanned (image-only) PDF', imageOnlyPdf(), 'scan.pdf', PDF, DOCUMENT_ERRORS.noText],
    [
      'a PDF pdf.js cannot read',
      Buffer.from('%PDF-1.4\nnothing else'),
      'b.pdf',
      PDF,
      DOCUMENT_ERRORS.pdfDamaged,
    ],
    ['a damaged Word document', corruptDocx(), 'c.docx', DOCX, DOCUMENT_ERRORS.wordDamaged],
    [
      'a password-protected Word document',
      encryptedDocx(),
      'locked.docx',
      DOCX,
      DOCUMENT_ERRORS.wordPassword,
    ],
    ['an empty text file', Buffer.alloc(0), 'd.txt', TXT, DOCUMENT_ERRORS.noText],
    ['a spreadsheet zip bomb', zipBomb({ lie: true }), 'e.xlsx', XLSX, DOCUMENT_ERRORS.unpacksTooLarge],
    [
      'a spreadsheet with a 200 MB part only SheetJS counts (issue #28)',
      zipWithUncountedPart(
        spreadsheet([['Plan'], ['Basic']]),
        { name: 'xl/a.bin', zeros: 200 * MB },
        'total',
      ),
      'f.xlsx',
      XLSX,
      DOCUMENT_ERRORS.spreadsheetDamaged,
    ],
  ])(
    'ends %s failed, with a sentence for its owner and no passages',
    async (_what, bytes, name, type, error) => {
      const { document, stored } = await processed(randomUUID(), bytes, name, type);
      expect(document).toMatchObject({ status: 'failed', processingError: error });
      expect(stored).toEqual([]);
    },
  );

  it('refuses a renamed file or an expired upload, storing nothing', async () => {
    const owner = randomUUID();
    await expect(upload(owner, pdf([[[50, 700, 'Hi']]]), 'notes.docx', DOCX)).rejects.toMatchObject({
      code: ErrorCode.ValidationFailed,
      message: 'Invalid File Type: Please upload PDF, Word, Excel, or text files only.',
      details: { field: 'document' },
    });
    const expired = { uploadKey: 'A'.repeat(24), fileName: 'a.txt', mediaType: TXT, fileSize: 1 };
    await expect(
      client.send(MESSAGING_SUBJECTS.uploadTrainingDocument, expired, { actor: workspaceActor(owner) }),
    ).rejects.toMatchObject({ code: ErrorCode.ValidationFailed, details: { field: 'document' } });
    expect(await list(owner)).toEqual([]);
  });

  /**
   * Word documents read two ways (issue #28): JSZip, under mammoth, reads every record of the central
   * directory, so a record after the ones the end record counts would reach it unchecked; a part named
   * twice is read by whichever copy a reader keeps. The upload is refused (the strict reader finds no Word
   * document in it), and were such bytes stored anyway, its reader refuses them before mammoth sees them.
   */
  it('refuses a Word document with a directory record after the declared ones, or a part named twice', async () => {
    const owner = randomUUID();
    const hidden = zipWithUncountedPart(
      docx([{ text: 'Hi' }]),
      { name: 'word/media/a.bin', zeros: 200 * MB },
      'both',
    );
    const twice = zipWithDuplicatePart(
      docx([{ text: 'Hi' }]),
      'word/document.xml',
      Buffer.from('<w:document/>'),
    );
    for (const bytes of [hidden, twice]) {
      await expect(upload(owner, bytes, 'faq.docx', DOCX)).rejects.toMatchObject({
        code: ErrorCode.ValidationFailed,
        message: 'Invalid File Type: Please upload PDF, Word, Excel, or text files only.',
      });
    }
    expect(await list(owner)).toEqual([]);

    const before = process.memoryUsage().rss;
    const id = await storedDocument(owner, hidden, 'docx');
    await processor.handle(id, true);
    expect(await statusOf(id)).toEqual({ status: 'failed', processing_error: DOCUMENT_ERRORS.wordDamaged });
    expect(process.memoryUsage().rss - before).toBeLessThan(100 * MB);
  });

  it('ends a PDF whose content stream inflates to 1 GB failed at its reader’s memory limit; the service reads on', async () => {
    const owner = randomUUID();
    const bomb = pdf([[[50, 700, 'Returns']]], { flateZeros: 1024 * MB });
    expect(bomb.length).toBeLessThan(1.1 * MB);
    const before = process.memoryUsage().rss;
    const { document, stored } = await processed(owner, bomb, 'bomb.pdf', PDF);
    expect(document).toMatchObject({ status: 'failed', processingError: DOCUMENT_ERRORS.unpacksTooLarge });
    expect(stored).toEqual([]);
    // messaging-service runs in this process: the bomb cost its reader, not the service.
    expect(process.memoryUsage().rss - before).toBeLessThan(150 * MB);
    const next = await processed(owner, Buffer.from('Returns\n\nWithin 30 days.'), 'faq.txt', TXT);
    expect(next.document.status).toBe('completed');
  }, 120_000);

  /** A document stored as an upload leaves it, but with no job: the test runs the processor itself. */
  async function storedDocument(owner: string, text: string | Buffer, fileType = 'txt'): Promise<string> {
    const id = randomUUID();
    await db.query(
      `insert into messaging_service.training_documents (id, owner_id, original_name, file_type, file_size, content)
       values ($1, $2, 'faq.txt', $3, $4, $5)`,
      [id, owner, fileType, Buffer.byteLength(text), Buffer.from(text)],
    );
    return id;
  }

  const statusOf = async (id: string) =>
    (
      await db.query<{ status: string; processing_error: string | null }>(
        'select status, processing_error from messaging_service.training_documents where id = $1',
        [id],
      )
    ).rows[0];

  it('leaves exactly one set of passages however often a document is run, and at the same time', async () => {
    const owner = randomUUID();
    const id = await storedDocument(owner, 'Hours:\nWe open at 9.\n\nPhone:\nCall 555 0100.');
    // What a run that stored passages but never marked the document would leave behind.
    await db.query(
      `insert into messaging_service.knowledge_items (id, owner_id, category, title, content, source_document_id, passage_index)
       values ($1, $2, 'faqs', 'Hours', 'We open at 9.', $3, 0)`,
      [randomUUID(), owner, id],
    );
    await Promise.all([processor.handle(id, false), processor.handle(id, false)]);
    await processor.handle(id, false);
    expect((await passages(id)).map((p) => [p.title, p.content])).toEqual([
      ['Hours', 'We open at 9.'],
      ['Phone', 'Call 555 0100.'],
    ]);
    expect(await statusOf(id)).toEqual({ status: 'completed', processing_error: null });
  });

  it('retries an unexpected error, and after the last attempt ends the document failed with a general sentence', async () => {
    const owner = randomUUID();
    const id = await storedDocument(owner, 'Hours:\nWe open at 9.', 'unknown-kind');
    await expect(processor.handle(id, false)).rejects.toThrow();
    expect(await statusOf(id)).toEqual({ status: 'processing', processing_error: null });
    expect(await passages(id)).toEqual([]);
    await processor.handle(id, true);
    expect(await statusOf(id)).toEqual({ status: 'failed', processing_error: DOCUMENT_ERRORS.unexpected });
  });

  it('queues again a document whose job was lost, once', async () => {
    const owner = randomUUID();
    const id = await storedDocument(owner, 'Hours:\nWe open at 9.');
    await db.query(
      `update messaging_service.training_documents set updated_at = now() - interval '1 hour' where id = $1`,
      [id],
    );
    const reconciler = messaging.app.get(TrainingDocumentReconciler, { strict: false });
    expect(await reconciler.run()).toBe(1);
    expect((await finished(owner, id)).status).toBe('completed');
    expect(await reconciler.run()).toBe(0);
  });

  it('tells the owner’s tabs when a document ends', async () => {
    const owner = randomUUID();
    const codec = JSONCodec<OwnerEvent>();
    const events: OwnerEvent[] = [];
    const subscription = nc.subscribe(`${infra.env.NATS_PREFIX}${REALTIME_SUBJECT}`, {
      callback: (error, msg) => {
        const event = codec.decode(msg.data);
        if (!error && event.ownerId === owner) events.push(event);
      },
    });
    try {
      const ok = await processed(owner, Buffer.from('Hours:\nNine to five.'), 'h.txt', TXT);
      const bad = await processed(owner, imageOnlyPdf(), 'scan.pdf', PDF);
      // Each event is published just after its status is stored: wait for both, up to a few seconds.
      for (let waited = 0; events.length < 2 && waited < 5000; waited += 50) {
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(events.map((e) => e.event)).toEqual([
        {
          type: 'training_document_status',
          message: '',
          data: { documentId: ok.document.id, status: 'completed', processingError: null },
        },
        {
          type: 'training_document_status',
          message: '',
          data: { documentId: bad.document.id, status: 'failed', processingError: DOCUMENT_ERRORS.noText },
        },
      ]);
    } finally {
      subscription.unsubscribe();
    }
  });

  it('lists only the owner’s documents, newest first; deleting one removes its passages; another owner’s id is not found', async () => {
    const [a, b] = [randomUUID(), randomUUID()];
    const first = await processed(a, Buffer.from('Hours:\nNine to five.'), 'first.txt', TXT);
    const second = await processed(a, Buffer.from('Phone:\nCall us.'), 'second.txt', TXT);
    const bobs = await processed(b, Buffer.from('Returns:\n30 days.'), 'bob.txt', TXT);
    expect((await list(a)).map((d) => d.originalName)).toEqual(['second.txt', 'first.txt']);
    expect((await list(b)).map((d) => d.id)).toEqual([bobs.document.id]);

    const remove = (owner: string, id: string) =>
      client.send<{ id: string }>(
        MESSAGING_SUBJECTS.deleteTrainingDocument,
        { id },
        { actor: workspaceActor(owner) },
      );
    for (const id of [bobs.document.id, 'not-a-uuid', randomUUID()]) {
      await expect(remove(a, id)).rejects.toMatchObject({
        code: ErrorCode.NotFound,
        message: 'Document not found',
      });
    }
    expect(await passages(bobs.document.id)).toHaveLength(1);

    expect(await remove(a, first.document.id)).toEqual({ id: first.document.id });
    expect(await passages(first.document.id)).toEqual([]);
    expect((await list(a)).map((d) => d.id)).toEqual([second.document.id]);
    expect(await passages(second.document.id)).toHaveLength(1);
  });

  it('processes a 10 MB text PDF within 30 s', async () => {
    const file = largeTextPdf(10 * 1024 * 1024);
    expect(file.length).toBeGreaterThan(9.5 * 1024 * 1024);
    expect(file.length).toBeLessThanOrEqual(10 * 1024 * 1024);
    const owner = randomUUID();
    const started = performance.now();
    const uploaded = await upload(owner, file, 'handbook.pdf', PDF);
    const document = await finished(owner, uploaded.id, 60_000);
    const ms = performance.now() - started;
    const count = (
      await db.query(
        'select count(*)::int as n from messaging_service.knowledge_items where source_document_id = $1',
        [uploaded.id],
      )
    ).rows[0] as { n: number };
    console.log(
      `10 MB text PDF (${(file.length / 1024 / 1024).toFixed(1)} MB): ${count.n} passages in ${(ms / 1000).toFixed(1)} s`,
    );
    expect(document.status).toBe('completed');
    expect(count.n).toBeGreaterThan(1000);
    expect(ms).toBeLessThanOrEqual(30_000);
  }, 90_000);
});
