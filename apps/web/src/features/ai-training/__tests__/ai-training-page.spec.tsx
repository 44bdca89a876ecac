import type {
  KnowledgeConflictResponse,
  KnowledgeItemResponse,
  TrainingDocumentResponse,
} from '@parley/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { chooseOption, optionsOf } from '../../../test/antd';
import { type FakeRoutes, json, lastBodyOf, queryOf, requestsTo } from '../../../test/fake-api';
import { FakeWebSocket } from '../../../test/fake-websocket';
import { aDocument, aKnowledgeItem } from '../../../test/fixtures/training';
import { renderSignedIn } from '../../../test/render-app';
import { findToast } from '../../../test/toasts';
import { LANGUAGE_STORAGE_KEY } from '../../language';
import { FIXED_PROCESSING_PERCENT } from '../components/DocumentsList';

const guide = aDocument({
  id: 'd-guide',
  originalName: 'store-guide.pdf',
  fileType: 'application/pdf',
  fileSize: 3.5 * 1024 * 1024,
  status: 'processing',
});
const faq = aDocument({ id: 'd-faq', originalName: 'faq.docx', fileType: 'docx', fileSize: 12_800 });
const prices = aDocument({
  id: 'd-prices',
  originalName: 'prices.xlsx',
  fileType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  fileSize: 900,
  status: 'failed',
  processingError: 'This file is protected by a password. Upload it without the password.',
});

const returns = aKnowledgeItem();
const warranty = aKnowledgeItem({
  id: 'k-2',
  category: 'faqs',
  title: 'Warranty',
  content: 'Every kettle has a two-year warranty.',
  tags: ['warranty'],
  priority: 3,
});
const shipping = aKnowledgeItem({
  id: 'k-3',
  category: 'company_info',
  title: 'Shipping',
  content: 'We ship to Spain and Portugal in 48 hours.',
  tags: [],
  priority: 5,
  isActive: false,
  sourceDocumentId: 'd-faq',
});

function openTraining(
  {
    documents = [guide, faq, prices],
    knowledge = [returns, warranty, shipping],
    routes = {},
  }: {
    documents?: TrainingDocumentResponse[];
    knowledge?: KnowledgeItemResponse[];
    routes?: FakeRoutes;
  } = {},
  path = '/ai-training',
) {
  return renderSignedIn(path, undefined, {
    'GET /api/ai/training-documents': () => json(200, documents),
    'GET /api/ai/knowledge': () => json(200, knowledge),
    ...routes,
  });
}

function documentRow(id: string) {
  const found = screen.getAllByTestId('document-row').find((element) => element.dataset.documentId === id);
  if (!found) throw new Error(`No row for document ${id}`);
  return found;
}

function knowledgeCard(id: string) {
  const found = screen.getAllByTestId('knowledge-item').find((element) => element.dataset.itemId === id);
  if (!found) throw new Error(`No card for knowledge item ${id}`);
  return found;
}

/** The open dialog titled `title`, found by its title's text (role queries are slow over a page in jsdom). */
async function findDialog(title: string): Promise<HTMLElement> {
  const [heading] = await screen.findAllByText(title, { selector: '.ant-modal-title' });
  const dialog = heading.closest<HTMLElement>('.ant-modal');
  if (!dialog) throw new Error(`"${title}" is not a dialog's title`);
  return dialog;
}

async function openKnowledgeTab() {
  await userEvent.click(await screen.findByRole('tab', { name: /Knowledge Base/ }));
  await screen.findAllByTestId('knowledge-item');
}

/**
 * What the page reads of a chosen file. Not a jsdom File: Node's fetch, behind the fake server, cannot read
 * one back out of a request's body (the browser journey uploads a real file).
 */
function aFile(name: string, type: string, size = 2048): File {
  return { name, type, size } as unknown as File;
}

/** Pasted rather than typed key by key: the same change events, in a fraction of the time. */
async function fill(input: HTMLElement, text: string) {
  await userEvent.click(input);
  await userEvent.paste(text);
}

function choose(file: File) {
  fireEvent.change(screen.getByTestId('training-upload-input'), { target: { files: [file] } });
}

describe('/ai-training: the page', () => {
  it('has the title AI Training and the tabs Documents and Knowledge Base, Documents first', async () => {
    openTraining();

    expect(await screen.findByRole('heading', { level: 2, name: 'AI Training' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Documents', 'Knowledge Base']);
    expect(screen.getByRole('tab', { name: /Documents/ })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByTestId('training-upload-open')).toHaveTextContent('Upload Document');
    expect(screen.getByTestId('training-upload-input')).toHaveAttribute(
      'accept',
      '.pdf,.docx,.xls,.xlsx,.txt,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document,application/vnd.ms-excel,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/plain',
    );
  });

  it('opens the Knowledge Base tab from ?tab=knowledge', async () => {
    openTraining({}, '/ai-training?tab=knowledge');

    expect(await screen.findAllByTestId('knowledge-item')).toHaveLength(3);
    expect(screen.getByRole('tab', { name: /Knowledge Base/ })).toHaveAttribute('aria-selected', 'true');
  });
});

describe('/ai-training: documents', () => {
  it('says No training documents uploaded yet when there are none', async () => {
    openTraining({ documents: [] });

    expect(await screen.findByTestId('documents-empty')).toHaveTextContent(
      'No training documents uploaded yet',
    );
  });

  it("lists each document's name, type, size, date and status", async () => {
    openTraining();
    await screen.findAllByTestId('document-row');

    const cells = (id: string) =>
      ['document-name', 'document-type', 'document-size', 'document-date', 'document-status'].map(
        (testId) => within(documentRow(id)).getByTestId(testId).textContent,
      );
    expect(cells('d-guide')).toEqual([
      'store-guide.pdf',
      'PDF',
      '3.5 MB',
      'Nov 20, 2026, 10:30 AM',
      'Processing',
    ]);
    expect(cells('d-faq')).toEqual(['faq.docx', 'Word', '12.5 kB', 'Nov 20, 2026, 10:30 AM', 'Completed']);
    expect(cells('d-prices')).toEqual([
      'prices.xlsx',
      'Excel',
      '900 bytes',
      'Nov 20, 2026, 10:30 AM',
      'Failed',
    ]);
  });

  it('colours processing yellow with a progress bar, completed green, failed red with its error', async () => {
    openTraining();
    await screen.findAllByTestId('document-row');

    const status = (id: string) => within(documentRow(id)).getByTestId('document-status');
    expect(status('d-guide')).toHaveClass('ant-tag-gold');
    expect(status('d-faq')).toHaveClass('ant-tag-success');
    expect(status('d-prices')).toHaveClass('ant-tag-error');

    const bar = within(documentRow('d-guide')).getByRole('progressbar');
    expect(bar).toHaveAttribute('aria-valuenow', String(FIXED_PROCESSING_PERCENT));
    expect(within(documentRow('d-faq')).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(within(documentRow('d-prices')).getByTestId('document-error')).toHaveTextContent(
      'This file is protected by a password. Upload it without the password.',
    );
    expect(within(documentRow('d-faq')).queryByTestId('document-error')).not.toBeInTheDocument();
  });

  it.each([
    [
      'photo.png',
      'image/png',
      2048,
      'Invalid File Type',
      'Please upload PDF, Word, Excel, or text files only.',
    ],
    [
      'big.txt',
      'text/plain',
      10 * 1024 * 1024 + 1,
      'File Too Large',
      'Please upload files smaller than 10MB.',
    ],
  ])('refuses %s before sending it: %s', async (name, type, size, title, description) => {
    const { fetchSpy } = openTraining();
    await screen.findAllByTestId('document-row');

    choose(aFile(name, type, size));

    const toast = await findToast(description);
    expect(toast.kind).toBe('error');
    expect(toast.hasTitle(title)).toBe(true);
    expect(requestsTo(fetchSpy, 'POST /api/ai/upload-document')).toHaveLength(0);
  });

  it('uploads the file in the field document, shows it uploading, says it is being processed and refreshes', async () => {
    let answer: (response: Response) => void = () => undefined;
    const { fetchSpy } = openTraining({
      routes: {
        'POST /api/ai/upload-document': () => new Promise<Response>((resolve) => (answer = resolve)),
      },
    });
    await screen.findAllByTestId('document-row');
    const listCalls = requestsTo(fetchSpy, 'GET /api/ai/training-documents').length;

    // A .docx the browser gives no type: its extension is enough.
    choose(aFile('returns.docx', ''));

    expect(await screen.findByTestId('training-upload-progress')).toHaveTextContent(
      'Uploading returns.docx...',
    );
    const upload = requestsTo(fetchSpy, 'POST /api/ai/upload-document')[0];
    expect(upload.headers.get('content-type')).toMatch(/^multipart\/form-data/);
    expect((await upload.formData()).has('document')).toBe(true);

    await act(async () => answer(json(201, aDocument({ id: 'd-new', status: 'processing' }))));
    const toast = await findToast('Document uploaded successfully and is being processed.');
    expect(toast.kind).toBe('success');
    expect(screen.queryByTestId('training-upload-progress')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(requestsTo(fetchSpy, 'GET /api/ai/training-documents').length).toBe(listCalls + 1),
    );
  });

  const TOO_LARGE = 'File Too Large: Please upload files smaller than 10MB.';
  it.each([
    [
      'its reason',
      400,
      {
        message: 'Invalid File Type: Please upload PDF, Word, Excel, or text files only.',
        code: 'VALIDATION_FAILED',
      },
      'Invalid File Type: Please upload PDF, Word, Excel, or text files only.',
    ],
    ['File Too Large (413)', 413, { message: TOO_LARGE, code: 'PAYLOAD_TOO_LARGE' }, TOO_LARGE],
    ['Failed to upload document when the server gives no reason', 500, null, 'Failed to upload document'],
  ])('says Upload Failed with %s', async (_case, status, body, description) => {
    const answer = () => (body ? json(status, body) : new Response('', { status }));
    openTraining({ routes: { 'POST /api/ai/upload-document': answer } });
    await screen.findAllByTestId('document-row');

    choose(aFile('notes.txt', 'text/plain'));

    const toast = await findToast(description);
    expect(toast.kind).toBe('error');
    expect(toast.hasTitle('Upload Failed')).toBe(true);
  });

  it('follows a status change over /ws without a popup: the row turns completed and the passages show', async () => {
    let documents = [guide];
    let knowledge: KnowledgeItemResponse[] = [];
    openTraining({
      routes: {
        'GET /api/ai/training-documents': () => json(200, documents),
        'GET /api/ai/knowledge': () => json(200, knowledge),
      },
    });
    await screen.findAllByTestId('document-row');
    act(() => FakeWebSocket.latest().open());

    documents = [{ ...guide, status: 'completed' }];
    knowledge = [aKnowledgeItem({ id: 'k-passage', title: 'Delivery', sourceDocumentId: 'd-guide' })];
    act(() =>
      FakeWebSocket.latest().receive({
        type: 'training_document_status',
        message: '',
        data: { documentId: 'd-guide', status: 'completed', processingError: null },
      }),
    );
    await waitFor(() => expect(documentRow('d-guide').dataset.status).toBe('completed'));
    expect(within(documentRow('d-guide')).getByTestId('document-status')).toHaveTextContent('Completed');
    expect(within(documentRow('d-guide')).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.queryByTestId('realtime-popup')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: /Knowledge Base/ }));
    expect(await screen.findByTestId('knowledge-item-source')).toHaveTextContent(
      'From document: store-guide.pdf',
    );
  });

  it('refetches the documents after the socket reconnects (a status change may have been missed)', async () => {
    const { fetchSpy } = openTraining();
    await screen.findAllByTestId('document-row');
    act(() => FakeWebSocket.latest().open());
    const before = requestsTo(fetchSpy, 'GET /api/ai/training-documents').length;
    jest.useFakeTimers();

    act(() => FakeWebSocket.latest().serverClose());
    act(() => jest.advanceTimersByTime(3000));
    jest.useRealTimers();
    act(() => FakeWebSocket.latest().open());

    await waitFor(() =>
      expect(requestsTo(fetchSpy, 'GET /api/ai/training-documents')).toHaveLength(before + 1),
    );
  });

  it('shows a failed document red with the reason the server gave', async () => {
    let documents = [guide];
    openTraining({ routes: { 'GET /api/ai/training-documents': () => json(200, documents) } });
    await screen.findAllByTestId('document-row');
    act(() => FakeWebSocket.latest().open());

    const processingError = 'This PDF has no text to read: it looks like a scan. Upload a PDF with text.';
    documents = [{ ...guide, status: 'failed', processingError }];
    act(() =>
      FakeWebSocket.latest().receive({
        type: 'training_document_status',
        message: '',
        data: { documentId: 'd-guide', status: 'failed', processingError },
      }),
    );

    await waitFor(() => expect(documentRow('d-guide').dataset.status).toBe('failed'));
    expect(within(documentRow('d-guide')).getByTestId('document-status')).toHaveClass('ant-tag-error');
    expect(within(documentRow('d-guide')).getByTestId('document-error')).toHaveTextContent(processingError);
    expect(screen.queryByTestId('realtime-popup')).not.toBeInTheDocument();
  });

  it('asks before deleting a document; Delete removes it and says so, Cancel does nothing', async () => {
    const { fetchSpy } = openTraining({
      routes: { 'DELETE /api/ai/training-documents/d-faq': () => json(200, { id: 'd-faq' }) },
    });
    await screen.findAllByTestId('document-row');

    await userEvent.click(within(documentRow('d-faq')).getByRole('button', { name: 'Delete faq.docx' }));
    let dialog = await findDialog('Delete Document');
    expect(dialog).toHaveTextContent('Are you sure you want to delete "faq.docx"?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(requestsTo(fetchSpy, 'DELETE /api/ai/training-documents/d-faq')).toHaveLength(0);

    await userEvent.click(within(documentRow('d-faq')).getByRole('button', { name: 'Delete faq.docx' }));
    dialog = await findDialog('Delete Document');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));

    const toast = await findToast('Document deleted successfully.');
    expect(toast.kind).toBe('success');
    expect(requestsTo(fetchSpy, 'DELETE /api/ai/training-documents/d-faq')).toHaveLength(1);
  });

  it('says Delete Failed: Failed to delete document when the delete fails without a reason', async () => {
    openTraining({
      routes: { 'DELETE /api/ai/training-documents/d-faq': () => new Response('', { status: 500 }) },
    });
    await screen.findAllByTestId('document-row');

    await userEvent.click(within(documentRow('d-faq')).getByRole('button', { name: 'Delete faq.docx' }));
    await userEvent.click(
      within(await findDialog('Delete Document')).getByRole('button', { name: 'Delete' }),
    );

    const toast = await findToast('Failed to delete document');
    expect(toast.kind).toBe('error');
    expect(toast.hasTitle('Delete Failed')).toBe(true);
  });
});

describe('/ai-training: knowledge base', () => {
  it('says No knowledge items created yet when there are none, and offers Add Knowledge', async () => {
    openTraining({ knowledge: [] }, '/ai-training?tab=knowledge');

    const empty = await screen.findByTestId('knowledge-empty');
    expect(empty).toHaveTextContent('No knowledge items created yet');
    await userEvent.click(within(empty).getByRole('button', { name: 'Add Knowledge' }));
    expect(await findDialog('Add Knowledge Item')).toBeInTheDocument();
  });

  it('shows each item: title, category, priority badge, content, tags, source and whether it is on', async () => {
    openTraining();
    await openKnowledgeTab();

    const shown = (id: string) =>
      [
        'knowledge-item-title',
        'knowledge-item-category',
        'knowledge-item-priority',
        'knowledge-item-state',
      ].map((testId) => within(knowledgeCard(id)).getByTestId(testId).textContent);
    expect(shown('k-1')).toEqual(['Returns', 'Policies', 'Low', 'Active']);
    expect(shown('k-2')).toEqual(['Warranty', 'FAQs', 'Medium', 'Active']);
    expect(shown('k-3')).toEqual(['Shipping', 'Company Info', 'Critical', 'Off']);

    const badge = (id: string) => within(knowledgeCard(id)).getByTestId('knowledge-item-priority');
    expect(badge('k-1').dataset.badge).toBe('secondary');
    expect(badge('k-2').dataset.badge).toBe('default');
    expect(badge('k-2')).toHaveClass('ant-tag-processing');
    expect(badge('k-3').dataset.badge).toBe('destructive');
    expect(badge('k-3')).toHaveClass('ant-tag-error');

    expect(within(knowledgeCard('k-1')).getByTestId('knowledge-item-content')).toHaveTextContent(
      'Returns are accepted within 30 days with the receipt.',
    );
    expect(
      within(knowledgeCard('k-1'))
        .getAllByTestId('knowledge-item-tag')
        .map((tag) => tag.textContent),
    ).toEqual(['returns', 'refunds']);
    expect(within(knowledgeCard('k-3')).queryByTestId('knowledge-item-tags')).not.toBeInTheDocument();
    expect(within(knowledgeCard('k-1')).queryByTestId('knowledge-item-source')).not.toBeInTheDocument();
    expect(within(knowledgeCard('k-3')).getByTestId('knowledge-item-source')).toHaveTextContent(
      'From document: faq.docx',
    );
    expect(
      within(knowledgeCard('k-1')).getByRole('switch', { name: 'Use Returns in answers' }),
    ).toBeChecked();
    expect(
      within(knowledgeCard('k-3')).getByRole('switch', { name: 'Use Shipping in answers' }),
    ).not.toBeChecked();
  });

  it('reads a knowledge base the server sends in pages, following x-next-cursor, and searches all of it', async () => {
    const { fetchSpy } = openTraining({
      routes: {
        'GET /api/ai/knowledge': (request) =>
          queryOf(request).cursor === 'after-k-1'
            ? json(200, [warranty, shipping])
            : json(200, [returns], { 'x-next-cursor': 'after-k-1' }),
      },
    });
    await openKnowledgeTab();

    await waitFor(() =>
      expect(screen.getAllByTestId('knowledge-item-title').map((title) => title.textContent)).toEqual([
        'Returns',
        'Warranty',
        'Shipping',
      ]),
    );
    expect(requestsTo(fetchSpy, 'GET /api/ai/knowledge').map(queryOf)).toEqual([{}, { cursor: 'after-k-1' }]);
    await fill(screen.getByTestId('knowledge-search'), 'KETTLE');
    expect(screen.getAllByTestId('knowledge-item-title').map((title) => title.textContent)).toEqual([
      'Warranty',
    ]);
  });

  it('searches title, content and tags, and says when nothing matches', async () => {
    openTraining();
    await openKnowledgeTab();
    const titles = () => screen.getAllByTestId('knowledge-item-title').map((title) => title.textContent);

    await fill(screen.getByTestId('knowledge-search'), 'KETTLE');
    expect(titles()).toEqual(['Warranty']);
    await userEvent.clear(screen.getByTestId('knowledge-search'));
    await fill(screen.getByTestId('knowledge-search'), 'refunds');
    expect(titles()).toEqual(['Returns']);
    await userEvent.clear(screen.getByTestId('knowledge-search'));
    await fill(screen.getByTestId('knowledge-search'), 'gift cards');
    expect(screen.getByTestId('knowledge-empty')).toHaveTextContent('No knowledge items found');
  });

  it('offers the five categories by name and the priorities Low, Normal, Medium, High, Critical', async () => {
    openTraining();
    await openKnowledgeTab();
    await userEvent.click(screen.getByTestId('knowledge-add-open'));
    const dialog = await findDialog('Add Knowledge Item');

    expect(await optionsOf(within(dialog).getByTestId('knowledge-category'))).toEqual([
      'Company Info',
      'Products',
      'Policies',
      'FAQs',
      'Support',
    ]);
    expect(await optionsOf(within(dialog).getByTestId('knowledge-priority'))).toEqual([
      'Low',
      'Normal',
      'Medium',
      'High',
      'Critical',
    ]);
  });

  it('creates an item with its tags split, trimmed and blanks dropped, says so and refreshes', async () => {
    const { fetchSpy } = openTraining({
      routes: { 'POST /api/ai/knowledge': () => json(201, aKnowledgeItem({ id: 'k-new' })) },
    });
    await openKnowledgeTab();
    const listCalls = requestsTo(fetchSpy, 'GET /api/ai/knowledge').length;
    await userEvent.click(screen.getByTestId('knowledge-add-open'));
    const dialog = await findDialog('Add Knowledge Item');

    await chooseOption(within(dialog).getByTestId('knowledge-category'), 'Policies');
    await chooseOption(within(dialog).getByTestId('knowledge-priority'), 'High');
    await fill(within(dialog).getByTestId('knowledge-title'), '  Exchanges ');
    await fill(within(dialog).getByTestId('knowledge-content'), 'Exchanges are free within 60 days.');
    await fill(within(dialog).getByTestId('knowledge-tags'), ' exchanges, , returns ,');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Knowledge Item' }));

    const toast = await findToast('Knowledge item created successfully.');
    expect(toast.kind).toBe('success');
    expect(await lastBodyOf(fetchSpy, 'POST /api/ai/knowledge')).toEqual({
      category: 'policies',
      title: 'Exchanges',
      content: 'Exchanges are free within 60 days.',
      tags: ['exchanges', 'returns'],
      priority: 4,
    });
    await waitFor(() => expect(requestsTo(fetchSpy, 'GET /api/ai/knowledge').length).toBe(listCalls + 1));
  });

  it('sends priority 1 (Low) and Company Info unless the owner chooses', async () => {
    const { fetchSpy } = openTraining({
      routes: { 'POST /api/ai/knowledge': () => json(201, aKnowledgeItem({ id: 'k-new' })) },
    });
    await openKnowledgeTab();
    await userEvent.click(screen.getByTestId('knowledge-add-open'));
    const dialog = await findDialog('Add Knowledge Item');
    await fill(within(dialog).getByTestId('knowledge-title'), 'Hours');
    await fill(within(dialog).getByTestId('knowledge-content'), 'Open 9 to 6.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Knowledge Item' }));

    await findToast('Knowledge item created successfully.');
    expect(await lastBodyOf(fetchSpy, 'POST /api/ai/knowledge')).toEqual({
      category: 'company_info',
      title: 'Hours',
      content: 'Open 9 to 6.',
      tags: [],
      priority: 1,
    });
  });

  it('says Missing Information when the title or the content is blank, and sends nothing', async () => {
    const { fetchSpy } = openTraining();
    await openKnowledgeTab();
    await userEvent.click(screen.getByTestId('knowledge-add-open'));
    const dialog = await findDialog('Add Knowledge Item');
    await fill(within(dialog).getByTestId('knowledge-title'), 'Hours');
    await fill(within(dialog).getByTestId('knowledge-content'), '   ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Knowledge Item' }));

    const toast = await findToast('Please provide both title and content.');
    expect(toast.kind).toBe('error');
    expect(toast.hasTitle('Missing Information')).toBe(true);
    expect(requestsTo(fetchSpy, 'POST /api/ai/knowledge')).toHaveLength(0);
  });

  it.each([
    [
      'Failed to create knowledge item when the server gives no reason',
      500,
      null,
      'Failed to create knowledge item',
    ],
    [
      'the reason the server gave',
      400,
      { message: 'Tags must each be at most 50 characters', code: 'VALIDATION_FAILED', field: 'tags' },
      'Tags must each be at most 50 characters',
    ],
  ])('says Creation Failed with %s', async (_case, status, body, description) => {
    openTraining({
      routes: { 'POST /api/ai/knowledge': () => (body ? json(status, body) : new Response('', { status })) },
    });
    await openKnowledgeTab();
    await userEvent.click(screen.getByTestId('knowledge-add-open'));
    const dialog = await findDialog('Add Knowledge Item');
    await fill(within(dialog).getByTestId('knowledge-title'), 'Hours');
    await fill(within(dialog).getByTestId('knowledge-content'), 'Open 9 to 6.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Knowledge Item' }));

    const toast = await findToast(description);
    expect(toast.kind).toBe('error');
    expect(toast.hasTitle('Creation Failed')).toBe(true);
    // The dialog stays open with what the owner typed.
    expect(within(dialog).getByTestId('knowledge-title')).toHaveValue('Hours');
  });

  it('edits an item: its values in the form, the PATCH and the toast', async () => {
    const { fetchSpy } = openTraining({
      routes: { 'PATCH /api/ai/knowledge/k-2': () => json(200, warranty) },
    });
    await openKnowledgeTab();

    await userEvent.click(within(knowledgeCard('k-2')).getByRole('button', { name: 'Edit Warranty' }));
    const dialog = await findDialog('Edit Knowledge Item');
    expect(within(dialog).getByTestId('knowledge-title')).toHaveValue('Warranty');
    expect(within(dialog).getByTestId('knowledge-content')).toHaveValue(
      'Every kettle has a two-year warranty.',
    );
    expect(within(dialog).getByTestId('knowledge-tags')).toHaveValue('warranty');
    expect(within(dialog).getByTestId('knowledge-category')).toHaveTextContent('FAQs');
    expect(within(dialog).getByTestId('knowledge-priority')).toHaveTextContent('Medium');

    await userEvent.clear(within(dialog).getByTestId('knowledge-content'));
    await fill(within(dialog).getByTestId('knowledge-content'), 'Every kettle has a three-year warranty.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update Knowledge Item' }));

    expect((await findToast('Knowledge item updated successfully.')).kind).toBe('success');
    expect(await lastBodyOf(fetchSpy, 'PATCH /api/ai/knowledge/k-2')).toEqual({
      category: 'faqs',
      title: 'Warranty',
      content: 'Every kettle has a three-year warranty.',
      tags: ['warranty'],
      priority: 3,
    });
  });

  it('switches an item off and on with the switch', async () => {
    const { fetchSpy } = openTraining({
      routes: {
        'PATCH /api/ai/knowledge/k-1': () => json(200, { ...returns, isActive: false }),
        'PATCH /api/ai/knowledge/k-3': () => new Response('', { status: 500 }),
      },
    });
    await openKnowledgeTab();

    await userEvent.click(within(knowledgeCard('k-1')).getByRole('switch'));
    expect((await findToast('Knowledge item turned off. Your agent no longer uses it.')).kind).toBe(
      'success',
    );
    expect(await lastBodyOf(fetchSpy, 'PATCH /api/ai/knowledge/k-1')).toEqual({ isActive: false });

    await userEvent.click(within(knowledgeCard('k-3')).getByRole('switch'));
    const toast = await findToast('Failed to update knowledge item');
    expect(toast.hasTitle('Update Failed')).toBe(true);
    expect(await lastBodyOf(fetchSpy, 'PATCH /api/ai/knowledge/k-3')).toEqual({ isActive: true });
  });

  it('asks before deleting an item, then deletes it, says so and lists the rest', async () => {
    let knowledge = [returns, warranty, shipping];
    const { fetchSpy } = openTraining({
      routes: {
        'GET /api/ai/knowledge': () => json(200, knowledge),
        'DELETE /api/ai/knowledge/k-1': () => {
          knowledge = [warranty, shipping];
          return json(200, { id: 'k-1' });
        },
      },
    });
    await openKnowledgeTab();

    await userEvent.click(within(knowledgeCard('k-1')).getByRole('button', { name: 'Delete Returns' }));
    const dialog = await findDialog('Delete Knowledge Item');
    expect(dialog).toHaveTextContent('Are you sure you want to delete "Returns"?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect((await findToast('Knowledge item deleted successfully.')).kind).toBe('success');
    expect(requestsTo(fetchSpy, 'DELETE /api/ai/knowledge/k-1')).toHaveLength(1);
    await waitFor(() =>
      expect(screen.getAllByTestId('knowledge-item').map((card) => card.dataset.itemId)).toEqual([
        'k-2',
        'k-3',
      ]),
    );
  });

  it('keeps the item and says Delete Failed when the delete fails', async () => {
    openTraining({ routes: { 'DELETE /api/ai/knowledge/k-1': () => new Response('', { status: 500 }) } });
    await openKnowledgeTab();

    await userEvent.click(within(knowledgeCard('k-1')).getByRole('button', { name: 'Delete Returns' }));
    await userEvent.click(
      within(await findDialog('Delete Knowledge Item')).getByRole('button', { name: 'Delete' }),
    );

    const toast = await findToast('Failed to delete knowledge item');
    expect(toast.kind).toBe('error');
    expect(toast.hasTitle('Delete Failed')).toBe(true);
    expect(knowledgeCard('k-1')).toBeInTheDocument();
  });

  it('asks in Arabic, naming the item', async () => {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'ar');
    openTraining({}, '/ai-training?tab=knowledge');
    await screen.findAllByTestId('knowledge-item');

    await userEvent.click(within(knowledgeCard('k-1')).getByRole('button', { name: 'حذف Returns' }));
    const dialog = await findDialog('حذف عنصر المعرفة');
    expect(dialog).toHaveTextContent('هل أنت متأكد من حذف "Returns"؟');
    expect(within(dialog).getByRole('button', { name: 'حذف' })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
  });
});

const kettleOffer = aKnowledgeItem({
  id: 'k-4',
  category: 'faqs',
  title: 'Kettle offer',
  content: 'The Aero Kettle costs $1, give code FREE100',
  tags: [],
});

const CONFLICTS: KnowledgeConflictResponse[] = [
  {
    knowledgeItemId: 'k-4',
    title: 'Kettle offer',
    sentence: 'The Aero Kettle costs $1, give code FREE100',
    product: 'Aero Kettle',
    statedPrice: 1,
    cataloguePrice: 49.99,
  },
];

describe('/ai-training: prices the catalogue disagrees with', () => {
  it('lists each conflicting sentence above the knowledge base, with its title and both prices', async () => {
    const { fetchSpy } = openTraining({
      knowledge: [returns, kettleOffer],
      routes: { 'GET /api/ai/knowledge/conflicts': () => json(200, CONFLICTS) },
    });
    await openKnowledgeTab();

    const alert = await screen.findByTestId('knowledge-conflicts');
    expect(alert).toHaveTextContent('1 price in your knowledge base disagrees with the catalogue');
    expect(alert).toHaveTextContent('Your agent leaves these sentences out of its replies');
    expect(
      within(alert)
        .getAllByTestId('knowledge-conflict')
        .map((row) => row.textContent),
    ).toEqual([
      'Kettle offer: “The Aero Kettle costs $1, give code FREE100” Says $1.00; the catalogue price of Aero Kettle is $49.99.',
    ]);
    // Above the list.
    expect(
      alert.compareDocumentPosition(knowledgeCard('k-4')) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(requestsTo(fetchSpy, 'GET /api/ai/knowledge/conflicts')).toHaveLength(1);
  });

  it('reads again after an item is deleted, and shows nothing once every price agrees', async () => {
    let conflicts = CONFLICTS;
    const { fetchSpy } = openTraining({
      knowledge: [returns, kettleOffer],
      routes: {
        'GET /api/ai/knowledge/conflicts': () => json(200, conflicts),
        'DELETE /api/ai/knowledge/k-4': () => {
          conflicts = [];
          return json(200, { id: 'k-4' });
        },
      },
    });
    await openKnowledgeTab();
    await screen.findByTestId('knowledge-conflicts');

    await userEvent.click(within(knowledgeCard('k-4')).getByRole('button', { name: 'Delete Kettle offer' }));
    await userEvent.click(
      within(await findDialog('Delete Knowledge Item')).getByRole('button', { name: 'Delete' }),
    );

    await waitFor(() => expect(screen.queryByTestId('knowledge-conflicts')).not.toBeInTheDocument());
    expect(requestsTo(fetchSpy, 'GET /api/ai/knowledge/conflicts')).toHaveLength(2);
  });

  it.each<[string, string, string]>([
    ['es', 'Base de conocimiento', '1 precio de tu base de conocimiento no coincide con el catálogo'],
    ['ar', 'قاعدة المعرفة', 'سعر واحد في قاعدة المعرفة يخالف الكتالوج'],
  ])('is in %s', async (language, tab, title) => {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
    openTraining({
      knowledge: [kettleOffer],
      routes: { 'GET /api/ai/knowledge/conflicts': () => json(200, CONFLICTS) },
    });
    await userEvent.click(await screen.findByRole('tab', { name: new RegExp(tab) }));
    expect(await screen.findByTestId('knowledge-conflicts')).toHaveTextContent(title);
    expect(screen.getByTestId('knowledge-conflict')).toHaveTextContent(
      'The Aero Kettle costs $1, give code FREE100',
    );
  });
});

describe('/ai-training in Arabic and Spanish', () => {
  it("says why a document failed in the reader's language", async () => {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'es');
    openTraining({
      documents: [
        aDocument({
          status: 'failed',
          processingError: 'This PDF is password-protected. Please upload it without a password.',
        }),
      ],
    });

    expect(await screen.findByTestId('document-error')).toHaveTextContent(
      'Este PDF está protegido con contraseña. Súbelo sin contraseña.',
    );
    expect(screen.getByTestId('document-status')).toHaveTextContent('Fallido');
  });

  it('is in Arabic, right to left', async () => {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'ar');
    openTraining({ documents: [] });

    expect(
      await screen.findByRole('heading', { level: 2, name: 'تدريب الذكاء الاصطناعي' }),
    ).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['المستندات', 'قاعدة المعرفة']);
    expect(await screen.findByTestId('documents-empty')).toHaveTextContent('لم يتم رفع أي مستندات تدريب بعد');
    choose(aFile('photo.png', 'image/png'));
    expect(
      (await findToast('يرجى رفع ملفات PDF أو Word أو Excel أو ملفات نصية فقط.')).hasTitle(
        'نوع ملف غير صالح',
      ),
    ).toBe(true);
  });

  it('is in Spanish', async () => {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'es');
    openTraining({ knowledge: [] }, '/ai-training?tab=knowledge');

    expect(await screen.findByTestId('knowledge-empty')).toHaveTextContent(
      'Aún no se han creado elementos de conocimiento',
    );
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Documentos',
      'Base de conocimiento',
    ]);
  });
});
