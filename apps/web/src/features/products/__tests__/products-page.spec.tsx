import type { ProductImportResponse, ProductResponse } from '@parley/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { chooseOption, optionsOf } from '../../../test/antd';
import { type FakeRoutes, json, lastBodyOf, never, queryOf, requestsTo } from '../../../test/fake-api';
import { FakeWebSocket } from '../../../test/fake-websocket';
import { anAiConfig } from '../../../test/fixtures/ai-config';
import { aProduct } from '../../../test/fixtures/products';
import { renderSignedIn } from '../../../test/render-app';
import { setViewportWidth } from '../../../test/viewport';
import { findToast } from '../../../test/toasts';
import { LANGUAGE_STORAGE_KEY } from '../../language';

const runner = aProduct();
const kettle = aProduct({
  id: 'p-2',
  name: 'Blue Kettle',
  description: 'Enamel kettle, 1.7 litres.',
  price: 45,
  category: 'Kitchen',
  features: ['Induction-ready', 'Whistle'],
  inStock: false,
});

function openProducts(routes: FakeRoutes = {}) {
  return renderSignedIn('/products', undefined, {
    'GET /api/products': () => json(200, [runner, kettle]),
    'GET /api/products/categories': () => json(200, ['Kitchen', 'Shoes']),
    ...routes,
  });
}

function row(id: string) {
  const found = screen.getAllByTestId('product-row').find((element) => element.dataset.productId === id);
  if (!found) throw new Error(`No row for product ${id}`);
  return found;
}

function lastListQuery(fetchSpy: ReturnType<typeof openProducts>['fetchSpy']) {
  return queryOf(requestsTo(fetchSpy, 'GET /api/products').at(-1) as Request);
}

/**
 * The open dialog titled `title` (the product form or the delete confirmation). Found by its title's text:
 * role queries with a name are slow over a whole page in jsdom.
 */
async function findDialog(title: string): Promise<HTMLElement> {
  // A confirmation repeats its title inside its body.
  const [heading] = await screen.findAllByText(title, { selector: '.ant-modal-title' });
  const dialog = heading.closest<HTMLElement>('.ant-modal');
  if (!dialog) throw new Error(`"${title}" is not a dialog's title`);
  return dialog;
}

/** No dialog shows (the product form stays in the page, hidden). */
function dialogsClosed() {
  return waitFor(() =>
    document
      .querySelectorAll<HTMLElement>('.ant-modal')
      .forEach((dialog) => expect(dialog).not.toBeVisible()),
  );
}

describe('/products: the page', () => {
  it('has the title Product Catalog, Upload Catalog and Add Product', async () => {
    openProducts();

    expect(await screen.findByRole('heading', { level: 2, name: 'Product Catalog' })).toBeInTheDocument();
    expect(screen.getByTestId('products-upload-open')).toHaveTextContent('Upload Catalog');
    expect(screen.getByTestId('products-add-open')).toHaveTextContent('Add Product');
    // The picker itself stays hidden; the button opens it.
    expect(screen.getByTestId('products-upload-input')).not.toBeVisible();
    expect(screen.getByTestId('products-upload-input')).toHaveAttribute(
      'accept',
      '.pdf,.xlsx,.xls,application/pdf,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.ms-excel',
    );
  });

  it('has the columns Product, Category, Price, Stock, Features, Actions', async () => {
    openProducts();
    await screen.findAllByTestId('product-row');

    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Product',
      'Category',
      'Price',
      'Stock',
      'Features',
      'Actions',
    ]);
  });

  it('shows each price in its product’s currency, written the reader’s way', async () => {
    openProducts({
      'GET /api/products': () =>
        json(200, [
          { ...runner, price: 24, currency: 'GBP' },
          { ...kettle, price: 1299.5, currency: 'EUR' },
        ]),
    });
    await screen.findAllByTestId('product-row');
    expect(within(row('p-1')).getByTestId('product-price-cell')).toHaveTextContent('£24.00');
    expect(within(row('p-2')).getByTestId('product-price-cell')).toHaveTextContent('€1,299.50');
    expect(screen.queryByText(/\$24\.00/)).toBeNull();
  });

  it("shows each product's name, description, category, price and stock", async () => {
    openProducts();
    await screen.findAllByTestId('product-row');

    const cells = (id: string) =>
      [
        'product-name-cell',
        'product-description-cell',
        'product-category-cell',
        'product-price-cell',
        'product-stock-cell',
      ].map((testId) => within(row(id)).getByTestId(testId).textContent);
    expect(cells('p-1')).toEqual([
      'Trail Runner X2',
      'Lightweight running shoe for rocky trails.',
      'Shoes',
      '$1,299.50',
      'In Stock',
    ]);
    expect(cells('p-2')).toEqual([
      'Blue Kettle',
      'Enamel kettle, 1.7 litres.',
      'Kitchen',
      '$45.00',
      'Out of Stock',
    ]);
    expect(within(row('p-1')).getByRole('button', { name: 'Edit Trail Runner X2' })).toBeInTheDocument();
    expect(within(row('p-1')).getByRole('button', { name: 'Delete Trail Runner X2' })).toBeInTheDocument();
  });

  it('shows the first two features and a line +N more for the rest', async () => {
    openProducts();
    await screen.findAllByTestId('product-row');

    const features = (id: string) =>
      within(row(id))
        .getAllByTestId('product-feature')
        .map((feature) => feature.textContent);
    expect(features('p-1')).toEqual(['Waterproof', 'Vibram sole']);
    expect(within(row('p-1')).getByTestId('product-more-features')).toHaveTextContent('+2 more');
    expect(features('p-2')).toEqual(['Induction-ready', 'Whistle']);
    expect(within(row('p-2')).queryByTestId('product-more-features')).not.toBeInTheDocument();
  });

  it('says Loading products... while the list loads', async () => {
    openProducts({ 'GET /api/products': never });

    expect(await screen.findByText('Loading products...')).toBeInTheDocument();
    expect(screen.getAllByTestId('product-skeleton')).toHaveLength(5);
  });

  it('says No products found, how to start, and offers Add Product when there are none', async () => {
    openProducts({ 'GET /api/products': () => json(200, []) });

    const empty = await screen.findByTestId('products-empty');
    expect(empty).toHaveTextContent('No products found');
    expect(within(empty).getByTestId('products-empty-hint')).toHaveTextContent(
      'Upload a catalog or add your first product to get started',
    );
    await userEvent.click(within(empty).getByRole('button', { name: 'Add Product' }));
    expect(await findDialog('Add New Product')).toBeInTheDocument();
  });

  it('says Try adjusting your search filters when the filters exclude everything', async () => {
    openProducts({
      'GET /api/products': (request) => json(200, queryOf(request).inStock ? [] : [runner]),
    });
    await screen.findByTestId('product-row');

    await chooseOption(screen.getByTestId('products-stock-filter'), 'Out of Stock');

    const empty = await screen.findByTestId('products-empty');
    expect(empty).toHaveTextContent('No products found');
    expect(within(empty).getByTestId('products-empty-hint')).toHaveTextContent(
      'Try adjusting your search filters',
    );
  });
});

describe('/products: search and filters', () => {
  it('offers All Categories and every category of the catalogue, and All Stock, In Stock, Out of Stock', async () => {
    openProducts();
    await screen.findAllByTestId('product-row');

    await waitFor(async () =>
      expect(await optionsOf(screen.getByTestId('products-category-filter'))).toEqual([
        'All Categories',
        'Kitchen',
        'Shoes',
      ]),
    );
    expect(await optionsOf(screen.getByTestId('products-stock-filter'))).toEqual([
      'All Stock',
      'In Stock',
      'Out of Stock',
    ]);
    expect(screen.getByTestId('products-search')).toHaveAttribute('placeholder', 'Search products...');
  });

  it('sends the search, the category and the stock flag to the server', async () => {
    const { fetchSpy } = openProducts();
    await screen.findAllByTestId('product-row');
    expect(lastListQuery(fetchSpy)).toEqual({});

    await userEvent.type(screen.getByTestId('products-search'), 'kettle');
    await waitFor(() => expect(lastListQuery(fetchSpy)).toEqual({ q: 'kettle' }));
    await chooseOption(screen.getByTestId('products-category-filter'), 'Kitchen');
    await chooseOption(screen.getByTestId('products-stock-filter'), 'In Stock');
    await waitFor(() =>
      expect(lastListQuery(fetchSpy)).toEqual({ q: 'kettle', category: 'Kitchen', inStock: 'true' }),
    );

    await chooseOption(screen.getByTestId('products-stock-filter'), 'Out of Stock');
    await waitFor(() =>
      expect(lastListQuery(fetchSpy)).toEqual({ q: 'kettle', category: 'Kitchen', inStock: 'false' }),
    );
    await chooseOption(screen.getByTestId('products-category-filter'), 'All Categories');
    await waitFor(() => expect(lastListQuery(fetchSpy)).toEqual({ q: 'kettle', inStock: 'false' }));
  });
});

describe('/products: Add Product', () => {
  async function openAddForm(routes: FakeRoutes = {}, title = 'Add New Product') {
    const rendered = openProducts(routes);
    await screen.findAllByTestId('product-row');
    await userEvent.click(screen.getByTestId('products-add-open'));
    return { ...rendered, dialog: await findDialog(title) };
  }

  /** Pasted rather than typed key by key: the same change events, in a fraction of the time. */
  async function fillForm() {
    const fields: [string, string][] = [
      ['product-name', '  Summit Backpack '],
      ['product-description', '30 litres, rain cover included.'],
      ['product-price', '$1,299.00'],
      ['product-category', 'Bags'],
      ['product-features', ' Waterproof, , USB port ,'],
    ];
    for (const [testId, text] of fields) {
      await userEvent.click(screen.getByTestId(testId));
      await userEvent.paste(text);
    }
  }

  it('has the fields, the price placeholder $0.00, In Stock on, and Cancel and Create Product', async () => {
    const { dialog } = await openAddForm();

    for (const label of [
      'Product Name',
      'Description',
      'Price',
      'Category',
      'Features (comma-separated)',
      'In Stock',
    ]) {
      expect(within(dialog).getByLabelText(label)).toBeInTheDocument();
    }
    expect(within(dialog).getByLabelText('Price')).toHaveAttribute('placeholder', '$0.00');
    expect(within(dialog).getByRole('switch', { name: 'In Stock' })).toBeChecked();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Create Product' })).toBeInTheDocument();
  });

  it("names the business's currency beside the price of a new product, and the product's when editing", async () => {
    const { dialog } = await openAddForm({ 'GET /api/ai-config': () => json(200, anAiConfig({ currency: 'GBP' })) });
    await waitFor(() => expect(within(dialog).getByText('GBP')).toBeInTheDocument());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await dialogsClosed();
    await userEvent.click(within(row(kettle.id)).getByRole('button', { name: /edit/i }));
    const editing = await findDialog('Edit Product');
    expect(within(editing).getByText(kettle.currency)).toBeInTheDocument();
  });

  it('creates the product with the price as typed and the features as a list, and refreshes the list', async () => {
    const { fetchSpy } = await openAddForm({ 'POST /api/products': () => json(201, runner) });
    const listCalls = requestsTo(fetchSpy, 'GET /api/products').length;

    await fillForm();
    await userEvent.click(screen.getByRole('switch', { name: 'In Stock' }));
    await userEvent.click(screen.getByTestId('product-submit'));

    expect((await findToast('Product created successfully')).kind).toBe('success');
    expect(await lastBodyOf(fetchSpy, 'POST /api/products')).toEqual({
      name: 'Summit Backpack',
      description: '30 litres, rain cover included.',
      price: '$1,299.00',
      category: 'Bags',
      features: ['Waterproof', 'USB port'],
      inStock: false,
    });
    await waitFor(() => expect(requestsTo(fetchSpy, 'GET /api/products').length).toBe(listCalls + 1));
    await dialogsClosed();
  });

  it('needs a name, a description, a price and a category', async () => {
    const { fetchSpy } = await openAddForm();

    await userEvent.click(screen.getByTestId('product-submit'));

    for (const message of [
      'Name is required',
      'Description is required',
      'Price is required',
      'Category is required',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(requestsTo(fetchSpy, 'POST /api/products')).toHaveLength(0);
  });

  it('shows a price the server refused under the price, besides the toast', async () => {
    await openAddForm({
      'POST /api/products': () =>
        json(400, { message: 'Price cannot be negative', code: 'VALIDATION_FAILED', field: 'price' }),
    });

    await fillForm();
    await userEvent.click(screen.getByTestId('product-submit'));

    const toast = await findToast('Price cannot be negative');
    expect(toast.kind).toBe('error');
    expect(toast.hasTitle('Error')).toBe(true);
    const price = screen.getByTestId('product-price').closest('.ant-form-item');
    await waitFor(() => expect(price).toHaveTextContent('Price cannot be negative'));
  });

  it.each([
    ['en', 'Add New Product', 'A product named "Summit Backpack" already exists'],
    ['es', 'Añadir nuevo producto', 'Ya existe un producto llamado «Summit Backpack»'],
  ])(
    "shows a taken name (409) under the name, in the reader's language (%s)",
    async (language, title, text) => {
      window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
      const conflict = {
        message: 'A product named "Summit Backpack" already exists',
        code: 'CONFLICT',
        field: 'name',
      };
      await openAddForm({ 'POST /api/products': () => json(409, conflict) }, title);

      await fillForm();
      await userEvent.click(screen.getByTestId('product-submit'));

      expect((await findToast(text)).kind).toBe('error');
      const name = screen.getByTestId('product-name').closest('.ant-form-item');
      await waitFor(() => expect(name).toHaveTextContent(text));
    },
  );

  it('says Error: Failed to create product when the server gives no reason', async () => {
    await openAddForm({ 'POST /api/products': () => new Response('', { status: 502 }) });

    await fillForm();
    await userEvent.click(screen.getByTestId('product-submit'));

    const toast = await findToast('Failed to create product');
    expect(toast.kind).toBe('error');
    expect(toast.hasTitle('Error')).toBe(true);
    expect(await findDialog('Add New Product')).toBeVisible();
  });
});

describe('/products: edit and delete', () => {
  it('edits a product: its values in the form, Update Product, the PATCH and the toast', async () => {
    let products: ProductResponse[] = [runner, kettle];
    const { fetchSpy } = openProducts({
      'GET /api/products': () => json(200, products),
      'PATCH /api/products/p-1': () => {
        products = [{ ...runner, price: 24.5 }, kettle];
        return json(200, products[0]);
      },
    });
    await screen.findAllByTestId('product-row');

    await userEvent.click(within(row('p-1')).getByRole('button', { name: 'Edit Trail Runner X2' }));
    const dialog = await findDialog('Edit Product');
    expect(within(dialog).getByLabelText('Product Name')).toHaveValue('Trail Runner X2');
    expect(within(dialog).getByLabelText('Price')).toHaveValue('1299.50');
    expect(within(dialog).getByLabelText('Features (comma-separated)')).toHaveValue(
      'Waterproof, Vibram sole, Reflective laces, 2-year warranty',
    );
    expect(within(dialog).getByRole('switch', { name: 'In Stock' })).toBeChecked();

    await userEvent.clear(within(dialog).getByLabelText('Price'));
    await userEvent.type(within(dialog).getByLabelText('Price'), '24,50 €');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update Product' }));

    expect((await findToast('Product updated successfully')).kind).toBe('success');
    expect(await lastBodyOf(fetchSpy, 'PATCH /api/products/p-1')).toEqual({
      name: 'Trail Runner X2',
      description: 'Lightweight running shoe for rocky trails.',
      price: '24,50 €',
      category: 'Shoes',
      features: ['Waterproof', 'Vibram sole', 'Reflective laces', '2-year warranty'],
      inStock: true,
    });
    await waitFor(() =>
      expect(within(row('p-1')).getByTestId('product-price-cell')).toHaveTextContent('$24.50'),
    );
  });

  it('says Error: Failed to update product when the update fails without a reason', async () => {
    openProducts({ 'PATCH /api/products/p-2': () => new Response('', { status: 500 }) });
    await screen.findAllByTestId('product-row');

    await userEvent.click(within(row('p-2')).getByRole('button', { name: 'Edit Blue Kettle' }));
    await userEvent.click(
      within(await findDialog('Edit Product')).getByRole('button', { name: 'Update Product' }),
    );

    expect((await findToast('Failed to update product')).kind).toBe('error');
  });

  it('asks before deleting, and Cancel deletes nothing', async () => {
    const { fetchSpy } = openProducts();
    await screen.findAllByTestId('product-row');

    await userEvent.click(within(row('p-1')).getByRole('button', { name: 'Delete Trail Runner X2' }));

    const dialog = await findDialog('Delete Product');
    expect(dialog).toHaveTextContent(
      'Are you sure you want to delete "Trail Runner X2"? This action cannot be undone.',
    );
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Cancel', 'Delete']);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await dialogsClosed();
    expect(requestsTo(fetchSpy, 'DELETE /api/products/p-1')).toHaveLength(0);
  });

  it('deletes after Delete, says so and refreshes the list', async () => {
    let products = [runner, kettle];
    const { fetchSpy } = openProducts({
      'GET /api/products': () => json(200, products),
      'DELETE /api/products/p-1': () => {
        products = [kettle];
        return json(200, { id: 'p-1' });
      },
    });
    await screen.findAllByTestId('product-row');

    await userEvent.click(within(row('p-1')).getByRole('button', { name: 'Delete Trail Runner X2' }));
    await userEvent.click(within(await findDialog('Delete Product')).getByRole('button', { name: 'Delete' }));

    expect((await findToast('Product deleted successfully')).kind).toBe('success');
    expect(requestsTo(fetchSpy, 'DELETE /api/products/p-1')).toHaveLength(1);
    await waitFor(() => expect(screen.getAllByTestId('product-row')).toHaveLength(1));
  });

  it('says Error: Failed to delete product when the delete fails without a reason', async () => {
    openProducts({ 'DELETE /api/products/p-2': () => new Response('', { status: 500 }) });
    await screen.findAllByTestId('product-row');

    await userEvent.click(within(row('p-2')).getByRole('button', { name: 'Delete Blue Kettle' }));
    await userEvent.click(within(await findDialog('Delete Product')).getByRole('button', { name: 'Delete' }));

    const toast = await findToast('Failed to delete product');
    expect(toast.kind).toBe('error');
    expect(toast.hasTitle('Error')).toBe(true);
  });
});

describe('/products: Upload Catalog', () => {
  const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

  /**
   * What the page reads of a chosen file. Not a jsdom File: Node's fetch, behind the fake server, cannot
   * read one back out of a request's body (the browser journey uploads a real file).
   */
  function aFile(name: string, type: string, size = 2048): File {
    return { name, type, size } as unknown as File;
  }

  function choose(file: File) {
    fireEvent.change(screen.getByTestId('products-upload-input'), { target: { files: [file] } });
  }

  function barPercent(): number {
    const bar = within(screen.getByTestId('products-upload-progress')).getByRole('progressbar');
    return Number(bar.getAttribute('aria-valuenow'));
  }

  const imported: ProductImportResponse = {
    created: 2,
    updated: 1,
    skipped: 7,
    errors: [
      { row: 7, message: 'Price cannot be negative' },
      { row: 9, message: 'Name is required' },
      { row: 11, message: 'Price is required' },
      { row: 12, message: 'Category is required' },
      { row: 15, message: 'Description is required' },
      { row: 18, message: 'Name is required' },
      { row: 21, message: 'Name is required' },
    ],
    currency: 'USD',
  };

  it.each([
    ['notes.txt', 'text/plain', 2048, 'Invalid File Type', 'Please upload a PDF or Excel file.'],
    [
      'big.xlsx',
      XLSX_TYPE,
      10 * 1024 * 1024 + 1,
      'File Too Large',
      'Please upload a file smaller than 10MB.',
    ],
  ])('refuses %s before sending it: %s', async (name, type, size, title, description) => {
    const { fetchSpy } = openProducts();
    await screen.findAllByTestId('product-row');

    choose(aFile(name, type, size));

    const toast = await findToast(description);
    expect(toast.kind).toBe('error');
    expect(toast.hasTitle(title)).toBe(true);
    expect(requestsTo(fetchSpy, 'POST /api/products/upload')).toHaveLength(0);
  });

  it('accepts a spreadsheet named .xls whatever type the browser gives it', async () => {
    const { fetchSpy } = openProducts({
      'POST /api/products/upload': () => json(200, { ...imported, errors: [] }),
    });
    await screen.findAllByTestId('product-row');

    choose(aFile('prices.XLS', ''));

    await findToast('3 products imported successfully.');
    expect(requestsTo(fetchSpy, 'POST /api/products/upload')).toHaveLength(1);
  });

  it('uploads the file, says how many products were imported, lists the refused rows and refreshes', async () => {
    const { fetchSpy } = openProducts({ 'POST /api/products/upload': () => json(200, imported) });
    await screen.findAllByTestId('product-row');
    const listCalls = requestsTo(fetchSpy, 'GET /api/products').length;

    choose(aFile('catalogue.xlsx', XLSX_TYPE));

    const toast = await findToast('3 products imported successfully.');
    expect(toast.kind).toBe('success');
    expect(toast.hasTitle('Upload Successful')).toBe(true);
    const upload = requestsTo(fetchSpy, 'POST /api/products/upload')[0];
    expect(upload.headers.get('content-type')).toMatch(/^multipart\/form-data/);
    expect((await upload.formData()).has('catalog')).toBe(true);

    const rowErrors = screen.getByTestId('products-row-errors');
    expect(rowErrors).toHaveTextContent('Some rows of the file were not imported');
    expect(
      within(rowErrors)
        .getAllByTestId('products-row-error')
        .map((item) => item.textContent),
    ).toEqual([
      'Row 7: Price cannot be negative',
      'Row 9: Name is required',
      'Row 11: Price is required',
      'Row 12: Category is required',
      'Row 15: Description is required',
    ]);
    expect(rowErrors).toHaveTextContent('…and 2 more');
    await waitFor(() => expect(requestsTo(fetchSpy, 'GET /api/products').length).toBe(listCalls + 1));
    expect(screen.queryByTestId('products-upload-progress')).not.toBeInTheDocument();
  });

  const TOO_LARGE = 'File Too Large: Please upload a file smaller than 10MB.';
  it.each([
    [
      'its reason',
      400,
      { message: 'The file has no product rows', code: 'VALIDATION_FAILED' },
      'The file has no product rows',
    ],
    ['File Too Large (413)', 413, { message: TOO_LARGE, code: 'PAYLOAD_TOO_LARGE' }, TOO_LARGE],
    ['Upload failed when the server gives no reason', 500, null, 'Upload failed'],
  ])('says Upload Failed with %s', async (_case, status, body, description) => {
    const answer = () => (body ? json(status, body) : new Response('', { status }));
    openProducts({ 'POST /api/products/upload': answer });
    await screen.findAllByTestId('product-row');

    choose(aFile('catalogue.xlsx', XLSX_TYPE));

    const toast = await findToast(description);
    expect(toast.kind).toBe('error');
    expect(toast.hasTitle('Upload Failed')).toBe(true);
    expect(screen.queryByTestId('products-upload-progress')).not.toBeInTheDocument();
  });

  describe('progress', () => {
    afterEach(() => jest.useRealTimers());

    /** The upload's answer arrives when the test says so. */
    async function startUpload() {
      let answer: (response: Response) => void = () => undefined;
      openProducts({
        'POST /api/products/upload': () => new Promise<Response>((resolve) => (answer = resolve)),
      });
      await screen.findAllByTestId('product-row');
      act(() => FakeWebSocket.latest().open());
      jest.useFakeTimers();
      choose(aFile('catalogue.xlsx', XLSX_TYPE));
      await act(async () => undefined);
      return { finish: (response: Response) => act(async () => answer(response)) };
    }

    function advance(ms: number) {
      act(() => jest.advanceTimersByTime(ms));
    }

    function serverReports(percent: number) {
      act(() =>
        FakeWebSocket.latest().receive({
          type: 'catalogue_import_progress',
          message: '',
          data: { processed: percent * 10, total: 1000, percent },
        }),
      );
    }

    it('shows Processing catalog upload... from 25, rising by 10 every 200 ms up to 90', async () => {
      const { finish } = await startUpload();

      expect(screen.getByTestId('products-upload-progress')).toHaveTextContent(
        'Processing catalog upload...',
      );
      expect(barPercent()).toBe(25);
      advance(200);
      expect(barPercent()).toBe(35);
      advance(600);
      expect(barPercent()).toBe(65);
      advance(5000);
      expect(barPercent()).toBe(90);

      await finish(json(200, { created: 1, updated: 0, skipped: 0, errors: [] }));
      expect(screen.queryByTestId('products-upload-progress')).not.toBeInTheDocument();
    });

    it("follows the server's real progress once it arrives, never moving back, without a popup", async () => {
      const { finish } = await startUpload();

      serverReports(60);
      expect(barPercent()).toBe(60);
      advance(2000);
      expect(barPercent()).toBe(60);
      serverReports(40);
      expect(barPercent()).toBe(60);
      serverReports(97);
      expect(barPercent()).toBe(97);
      expect(screen.queryByTestId('realtime-popup')).not.toBeInTheDocument();

      await finish(json(200, { created: 1, updated: 0, skipped: 0, errors: [] }));
      expect(screen.queryByTestId('products-upload-progress')).not.toBeInTheDocument();
    });

    it('keeps the timer when the real progress is behind it', async () => {
      await startUpload();
      advance(600);
      expect(barPercent()).toBe(55);

      serverReports(10);
      expect(barPercent()).toBe(55);
      serverReports(70);
      expect(barPercent()).toBe(70);
    });
  });
});

describe('/products in Arabic and Spanish', () => {
  it('is in Arabic, right to left', async () => {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'ar');
    openProducts();

    expect(await screen.findByRole('heading', { level: 2, name: 'كتالوج المنتجات' })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    await screen.findAllByTestId('product-row');
    expect(screen.getByTestId('products-table').closest('.ant-table-wrapper')).toHaveClass(
      'ant-table-wrapper-rtl',
    );
    expect(within(row('p-2')).getByTestId('product-stock-cell')).toHaveTextContent('غير متوفر');
    expect(within(row('p-1')).getByTestId('product-more-features')).toHaveTextContent('+2 أخرى');
    expect(screen.getByTestId('products-upload-open')).toHaveTextContent('رفع الكتالوج');
  });

  it('is in Spanish', async () => {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'es');
    openProducts({ 'GET /api/products': () => json(200, []) });

    expect(
      await screen.findByRole('heading', { level: 2, name: 'Catálogo de productos' }),
    ).toBeInTheDocument();
    expect(await screen.findByTestId('products-empty')).toHaveTextContent('No se encontraron productos');
    expect(screen.getByTestId('products-add-open')).toHaveTextContent('Añadir producto');
  });
});

function card(id: string) {
  const found = screen.getAllByTestId('product-card').find((element) => element.dataset.productId === id);
  if (!found) throw new Error(`No card for product ${id}`);
  return found;
}

describe('/products on a phone (390 px): a card per product, its actions in sight', () => {
  beforeEach(() => setViewportWidth(390));

  it('shows the name, price and stock, with edit and delete as buttons, and no table', async () => {
    openProducts();
    await screen.findAllByTestId('product-card');

    expect(screen.queryByTestId('products-table')).not.toBeInTheDocument();
    const first = card('p-1');
    expect(within(first).getByTestId('product-name-cell')).toHaveTextContent('Trail Runner X2');
    expect(within(first).getByTestId('product-price-cell')).toHaveTextContent('$1,299.50');
    expect(within(first).getByTestId('product-stock-cell')).toHaveTextContent('In Stock');
    expect(within(first).getByRole('button', { name: 'Edit Trail Runner X2' })).toBeVisible();
    expect(within(first).getByRole('button', { name: 'Delete Trail Runner X2' })).toBeVisible();
    expect(within(card('p-2')).getByTestId('product-stock-cell')).toHaveTextContent('Out of Stock');
  });

  it('edits from the card', async () => {
    openProducts();
    await screen.findAllByTestId('product-card');

    await userEvent.click(within(card('p-2')).getByRole('button', { name: 'Edit Blue Kettle' }));

    expect(await screen.findByDisplayValue('Blue Kettle')).toBeInTheDocument();
  });

  it('lays the cards out right to left in Arabic, the actions named in Arabic', async () => {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'ar');
    openProducts();
    await screen.findAllByTestId('product-card');

    await waitFor(() => expect(document.documentElement).toHaveAttribute('dir', 'rtl'));
    const first = card('p-1');
    expect(first).toHaveClass('ant-card-rtl');
    expect(within(first).getByRole('button', { name: 'تعديل Trail Runner X2' })).toBeVisible();
    expect(within(first).getByRole('button', { name: 'حذف Trail Runner X2' })).toBeVisible();
    expect(within(first).getByTestId('product-stock-cell')).toHaveTextContent('متوفر');
  });
});
