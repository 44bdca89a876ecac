import {
  type KnowledgeItemResponse,
  type RealtimeEvent,
  type TrainingDocumentResponse,
  UPLOAD_MEDIA_TYPES,
} from '@parley/contracts';
import { pdf, type SmtpSink, type TestInfra, until } from '@parley/server-kit/testing';
import WebSocket from 'ws';
import { docx } from '../apps/messaging-service/test/document-files';
import { signedInOwner, sql } from './accounts';
import { call, uploadFile } from './http';
import { type Stack, startSystemStack, stopSystemStack } from './start-stack';

const INVALID_TYPE = 'Invalid File Type: Please upload PDF, Word, Excel, or text files only.';
const TOO_LARGE = 'File Too Large: Please upload files smaller than 10MB.';

describe('training documents through the gateway', () => {
  let infra: TestInfra;
  let smtp: SmtpSink;
  let stack: Stack;
  let api: string;
  let a: { cookie: string; id: string };
  let b: { cookie: string; id: string };

  beforeAll(async () => {
    ({ infra, smtp, stack } = await startSystemStack());
    api = stack.url;
    a = await signedInOwner(api, smtp, 'alice@documents.example');
    b = await signedInOwner(api, smtp, 'bob@documents.example');
  }, 60_000);

  afterAll(async () => {
    await stopSystemStack({ infra, smtp, stack });
  }, 30_000);

  const upload = (
    owner: { cookie: string },
    file: { bytes: Buffer; name: string; type?: string },
    field = 'document',
  ) => uploadFile(`${api}/api/ai/upload-document`, owner.cookie, field, file);

  const documents = async (owner: { cookie: string }) =>
    (await call<TrainingDocumentResponse[]>(`${api}/api/ai/training-documents`, { cookie: owner.cookie }))
      .body;

  const passageCount = async (documentId: string) =>
    (
      await sql<{ n: number }>(
        infra.env.DATABASE_URL,
        'select count(*)::int as n from messaging_service.knowledge_items where source_document_id = $1',
        [documentId],
      )
    )[0].n;

  it('uploads a Word document, tells the owner’s tab when it is completed, and lists it and its passages', async () => {
    const events = { a: [] as RealtimeEvent[], b: [] as RealtimeEvent[] };
    const sockets = [a, b].map((owner, i) => {
      const ws = new WebSocket(`${api.replace('http', 'ws')}/ws`, {
        headers: { cookie: owner.cookie, origin: api },
      });
      ws.on('message', (data: Buffer) => (i === 0 ? events.a : events.b).push(JSON.parse(data.toString())));
      return ws;
    });
    await Promise.all(
      sockets.map((ws) => new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject))),
    );
    try {
      const file = docx([
        { style: 'Heading1', text: 'Opening hours' },
        { text: 'We are open Monday to Saturday, 10:00 to 19:00.' },
        { style: 'Heading1', text: 'Returns' },
        { text: 'Unworn items can be returned within 30 days.' },
      ]);
      const answer = await upload(a, { bytes: file, name: 'store.docx', type: UPLOAD_MEDIA_TYPES.docx });
      expect(answer).toEqual({
        status: 201,
        body: expect.objectContaining({ originalName: 'store.docx', fileType: 'docx', status: 'processing' }),
      });
      const id = answer.body.id as string;
      const event = await until('the completed event', async () =>
        events.a.find((e) => e.type === 'training_document_status' && e.data?.documentId === id),
      );
      expect(event).toEqual({
        type: 'training_document_status',
        message: '',
        data: { documentId: id, status: 'completed', processingError: null },
      });
      expect(await documents(a)).toEqual([
        expect.objectContaining({
          id,
          originalName: 'store.docx',
          status: 'completed',
          fileSize: file.length,
        }),
      ]);
      const knowledge = await call<KnowledgeItemResponse[]>(`${api}/api/ai/knowledge`, { cookie: a.cookie });
      expect(
        knowledge.body
          .filter((k) => k.sourceDocumentId === id)
          .map((k) => [k.title, k.content])
          .sort(),
      ).toEqual([
        ['Opening hours', 'We are open Monday to Saturday, 10:00 to 19:00.'],
        ['Returns', 'Unworn items can be returned within 30 days.'],
      ]);
      // Bob's tab hears nothing of Alice's document, and Bob sees none of it.
      expect(events.b.filter((e) => e.type === 'training_document_status')).toEqual([]);
      expect(await documents(b)).toEqual([]);
    } finally {
      for (const ws of sockets) ws.close();
    }
  });

  it('answers from a document’s passages in the customer’s language, once it is completed', async () => {
    const saved = await call(`${api}/api/ai-config`, {
      method: 'PUT',
      body: { companyName: 'Casa Lumen', companyDescription: 'Lamps and lighting, made in Valencia.' },
      cookie: a.cookie,
    });
    expect(saved.status).toBe(200);
    // A text document with a section in each language, as owners who sell in three languages write them.
    const guide = [
      'Gift wrapping',
      'Every order can be gift wrapped in recycled paper for 4 euros.',
      '',
      'Envolver para regalo',
      'Cada pedido se puede envolver para regalo en papel reciclado por 4 euros.',
      '',
      'تغليف الهدايا',
      'يمكن تغليف كل طلب كهدية بورق معاد تدويره مقابل 4 يورو.',
      '',
    ].join('\n');
    const answer = await upload(a, {
      bytes: Buffer.from(guide, 'utf8'),
      name: 'guide.txt',
      type: 'text/plain',
    });
    expect(answer.status).toBe(201);
    await until('the document completed', async () =>
      (await documents(a)).find((d) => d.id === answer.body.id && d.status === 'completed'),
    );
    for (const [question, fact] of [
      ['Can you gift wrap my order?', 'recycled paper'],
      ['¿Pueden envolver mi pedido para regalo?', 'papel reciclado'],
      ['هل يمكنكم تغليف طلبي كهدية؟', 'معاد تدويره'],
    ]) {
      const reply = await call<{ response: string }>(`${api}/api/ai/test-agent`, {
        body: { message: question, platform: 'test' },
        cookie: a.cookie,
      });
      expect({ question, status: reply.status, says: reply.body.response?.includes(fact) }).toEqual({
        question,
        status: 200,
        says: true,
      });
    }
  });

  it('deletes a document and its passages; another owner’s id is 404', async () => {
    const answer = await upload(a, { bytes: Buffer.from('Phone:\nCall 555 0100.'), name: 'phone.txt' });
    const id = answer.body.id as string;
    await until('the document completed', async () =>
      (await documents(a)).find((d) => d.id === id && d.status === 'completed'),
    );
    expect(await passageCount(id)).toBe(1);
    const foreign = await call(`${api}/api/ai/training-documents/${id}`, {
      method: 'DELETE',
      cookie: b.cookie,
    });
    expect(foreign).toMatchObject({
      status: 404,
      body: { code: 'NOT_FOUND', message: 'Document not found' },
    });
    expect(await passageCount(id)).toBe(1);
    const deleted = await call(`${api}/api/ai/training-documents/${id}`, {
      method: 'DELETE',
      cookie: a.cookie,
    });
    expect(deleted).toMatchObject({ status: 200, body: { id } });
    expect(await passageCount(id)).toBe(0);
    expect((await documents(a)).map((d) => d.id)).not.toContain(id);
  });

  it.each([
    [
      'a PDF renamed .docx',
      { bytes: pdf([[[50, 700, 'Hi']]]), name: 'notes.docx', type: UPLOAD_MEDIA_TYPES.docx },
    ],
    [
      'a picture',
      { bytes: Buffer.from('\x89PNG\r\n\x1a\n\x00\x00\x00\x0d', 'latin1'), name: 'p.png', type: 'image/png' },
    ],
    [
      'binary bytes named .txt',
      { bytes: Buffer.from([0x41, 0x00, 0x42]), name: 'notes.txt', type: 'text/plain' },
    ],
  ])('refuses %s with 400 and the spec’s text, storing nothing', async (_what, file) => {
    expect(await upload(b, file)).toEqual({
      status: 400,
      body: { message: INVALID_TYPE, code: 'VALIDATION_FAILED', field: 'document' },
    });
    expect(await documents(b)).toEqual([]);
  });

  it('refuses a file over 10 MB with 413 and the spec’s text', async () => {
    const bytes = Buffer.alloc(10 * 1024 * 1024 + 1, 0x41);
    expect(await upload(b, { bytes, name: 'big.txt', type: 'text/plain' })).toEqual({
      status: 413,
      body: { message: TOO_LARGE, code: 'PAYLOAD_TOO_LARGE', field: 'document' },
    });
    expect(await documents(b)).toEqual([]);
  });

  it('wants a session for every route', async () => {
    expect((await upload({ cookie: '' }, { bytes: Buffer.from('x'), name: 'a.txt' })).status).toBe(401);
    expect((await call(`${api}/api/ai/training-documents`)).status).toBe(401);
  });
});
