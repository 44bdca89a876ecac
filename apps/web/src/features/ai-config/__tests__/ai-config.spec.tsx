import type { AiConfigResponse } from '@parley/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { chooseOption } from '../../../test/antd';
import { type FakeRoutes, json, lastBodyOf, requestsTo } from '../../../test/fake-api';
import { renderSignedIn } from '../../../test/render-app';
import { findToast } from '../../../test/toasts';
import { anAiConfig, configuredShop } from '../../../test/fixtures/ai-config';

function openAiConfig(config: AiConfigResponse, routes: FakeRoutes = {}) {
  const rendered = renderSignedIn('/ai-config', undefined, {
    'GET /api/ai-config': () => json(200, config),
    'PUT /api/ai-config': async (request) => json(200, { ...config, ...((await request.json()) as object) }),
    ...routes,
  });
  return rendered;
}

describe('/ai-config', () => {
  it('shows the cards Company Information, Response Behavior and Current Status', async () => {
    openAiConfig(configuredShop);
    await screen.findByTestId('ai-config-form');

    for (const title of ['Company Information', 'Response Behavior', 'Current Status']) {
      expect(screen.getByText(title)).toBeInTheDocument();
    }
    expect(screen.getByTestId('ai-config-company-name')).toHaveValue('Olive & Oak');
    expect(screen.getByTestId('ai-config-setup-state')).toHaveTextContent('Completed');
    expect(screen.getByTestId('ai-config-current-delay')).toHaveTextContent('30 seconds');
    expect(screen.getByTestId('ai-config-current-style')).toHaveTextContent('Professional');
  });

  it('saves private notes in their own clearly labelled field, and lists the description sentences kept private', async () => {
    const { fetchSpy } = openAiConfig({
      ...configuredShop,
      privateSentences: ['Staff discount code is OAK-20, do not share.'],
    });
    await screen.findByTestId('ai-config-form');
    expect(screen.getByLabelText('Private notes — never shown to customers or sent to the AI')).toBe(
      screen.getByTestId('ai-config-private-notes'),
    );
    expect(screen.getByTestId('ai-config-private-sentences')).toHaveTextContent(
      'Staff discount code is OAK-20, do not share.',
    );

    await userEvent.type(screen.getByTestId('ai-config-private-notes'), '  Supplier: Acme, 40% margin. ');
    await userEvent.click(screen.getByTestId('ai-config-save'));

    expect((await findToast('AI configuration updated successfully.')).kind).toBe('success');
    expect(await lastBodyOf(fetchSpy, 'PUT /api/ai-config')).toMatchObject({
      privateNotes: 'Supplier: Acme, 40% margin.',
    });
  });

  describe('the business’s currency', () => {
    const withProducts = (items: unknown[]) => ({ 'GET /api/products': () => json(200, items) });

    it('is chosen from the list; with products, the change asks first and keeps the numbers', async () => {
      const { fetchSpy } = openAiConfig(configuredShop, withProducts([{ id: 'p-1' }]));
      await screen.findByTestId('ai-config-form');
      await waitFor(() => expect(requestsTo(fetchSpy, 'GET /api/products')).toHaveLength(1));
      await chooseOption(screen.getByTestId('ai-config-currency'), 'GBP · British Pound');

      await userEvent.click(screen.getByTestId('ai-config-save'));
      expect(await screen.findAllByText('Change the currency from USD to GBP?')).not.toHaveLength(0);
      expect(requestsTo(fetchSpy, 'PUT /api/ai-config')).toHaveLength(0);
      await userEvent.click(screen.getByTestId('currency-change-keep'));

      expect((await findToast('AI configuration updated successfully.')).kind).toBe('success');
      expect(await lastBodyOf(fetchSpy, 'PUT /api/ai-config')).toMatchObject({ currency: 'GBP' });
    });

    it('saves nothing when the owner cancels the change', async () => {
      const { fetchSpy } = openAiConfig(configuredShop, withProducts([{ id: 'p-1' }]));
      await screen.findByTestId('ai-config-form');
      await waitFor(() => expect(requestsTo(fetchSpy, 'GET /api/products')).toHaveLength(1));
      await chooseOption(screen.getByTestId('ai-config-currency'), 'EUR · Euro');
      await userEvent.click(screen.getByTestId('ai-config-save'));
      await userEvent.click(await screen.findByTestId('currency-change-cancel'));
      await waitFor(() => expect(screen.queryAllByText('Change the currency from USD to EUR?')).toHaveLength(0));
      expect(requestsTo(fetchSpy, 'PUT /api/ai-config')).toHaveLength(0);
    });

    it('saves at once without products to relabel', async () => {
      const { fetchSpy } = openAiConfig(configuredShop, withProducts([]));
      await screen.findByTestId('ai-config-form');
      await waitFor(() => expect(requestsTo(fetchSpy, 'GET /api/products')).toHaveLength(1));
      await chooseOption(screen.getByTestId('ai-config-currency'), 'SAR · Saudi Riyal');
      await userEvent.click(screen.getByTestId('ai-config-save'));
      expect((await findToast('AI configuration updated successfully.')).kind).toBe('success');
      expect(await lastBodyOf(fetchSpy, 'PUT /api/ai-config')).toMatchObject({ currency: 'SAR' });
    });
  });

  it.each([
    [true, 'Active'],
    [false, 'Paused'],
  ])('autoRespond %s shows %s in the header', async (autoRespond, badge) => {
    openAiConfig({ ...configuredShop, autoRespond });

    const header = await screen.findAllByTestId('ai-status-badge');
    expect(header[0]).toHaveTextContent(badge);
  });

  it('Paused after turning auto-respond off and saving', async () => {
    const { fetchSpy } = openAiConfig(configuredShop);
    await screen.findByTestId('ai-config-form');

    await userEvent.click(screen.getByTestId('ai-config-auto-respond'));
    await userEvent.click(screen.getByTestId('ai-config-save'));

    expect((await findToast('AI configuration updated successfully.')).kind).toBe('success');
    expect(await lastBodyOf(fetchSpy, 'PUT /api/ai-config')).toEqual({
      companyName: 'Olive & Oak',
      companyDescription: 'Handmade wooden furniture, shipped across Europe.',
      currency: 'USD',
      privateNotes: null,
      responseStyle: 'professional',
      autoRespond: false,
      responseDelay: 30,
      atLimitReply: 'nothing',
      stageMode: 'move',
    });
    await waitFor(() => expect(screen.getAllByTestId('ai-status-badge')[0]).toHaveTextContent('Paused'));
  });

  it('lets the owner choose that the AI only suggests stage moves', async () => {
    const { fetchSpy } = openAiConfig(configuredShop);
    await screen.findByTestId('ai-config-form');
    expect(screen.getByTestId('ai-config-stages-card')).toHaveTextContent('Pipeline stages');

    await userEvent.click(screen.getByLabelText('Only suggests; you accept or dismiss'));
    await userEvent.click(screen.getByTestId('ai-config-save'));

    expect((await findToast('AI configuration updated successfully.')).kind).toBe('success');
    expect(await lastBodyOf(fetchSpy, 'PUT /api/ai-config')).toMatchObject({ stageMode: 'suggest' });
  });

  it('moves the delay in steps of 15 seconds, between 0 and 300', async () => {
    const { fetchSpy } = openAiConfig({ ...configuredShop, responseDelay: 285 });
    await screen.findByTestId('ai-config-form');
    const slider = within(screen.getByTestId('ai-config-response-delay')).getByRole('slider');

    const delayShown = (text: string) =>
      waitFor(() => expect(screen.getByTestId('ai-config-response-delay-value')).toHaveTextContent(text));

    // rc-slider reads the legacy keyCode, which user-event does not set.
    const press = (key: 'ArrowRight' | 'ArrowLeft') => {
      const keyCode = key === 'ArrowRight' ? 39 : 37;
      fireEvent.keyDown(slider, { key, keyCode, which: keyCode });
      fireEvent.keyUp(slider, { key, keyCode, which: keyCode });
    };

    act(() => slider.focus());
    press('ArrowRight');
    expect(slider).toHaveAttribute('aria-valuenow', '300');
    await delayShown('300 seconds');
    press('ArrowRight');
    expect(slider).toHaveAttribute('aria-valuenow', '300');
    press('ArrowLeft');
    press('ArrowLeft');
    expect(slider).toHaveAttribute('aria-valuenow', '270');
    await delayShown('270 seconds');
    expect(slider).toHaveAttribute('aria-valuemin', '0');
    expect(slider).toHaveAttribute('aria-valuemax', '300');

    await userEvent.click(screen.getByTestId('ai-config-save'));
    await waitFor(() => expect(requestsTo(fetchSpy, 'PUT /api/ai-config')).toHaveLength(1));
    expect(await lastBodyOf(fetchSpy, 'PUT /api/ai-config')).toMatchObject({ responseDelay: 270 });
  });

  it('offers the four response styles and saves the chosen one', async () => {
    const { fetchSpy } = openAiConfig(configuredShop);
    await screen.findByTestId('ai-config-form');

    await chooseOption(screen.getByTestId('ai-config-response-style'), 'Enthusiastic');
    await userEvent.click(screen.getByTestId('ai-config-save'));

    await waitFor(() => expect(requestsTo(fetchSpy, 'PUT /api/ai-config')).toHaveLength(1));
    expect(await lastBodyOf(fetchSpy, 'PUT /api/ai-config')).toMatchObject({ responseStyle: 'enthusiastic' });
  });

  it('needs the company name and description', async () => {
    const { fetchSpy } = openAiConfig(anAiConfig());
    await screen.findByTestId('ai-config-form');

    await userEvent.click(screen.getByTestId('ai-config-save'));

    expect(await screen.findByText('Company name is required')).toBeInTheDocument();
    expect(screen.getByText('Company description is required')).toBeInTheDocument();
    expect(requestsTo(fetchSpy, 'PUT /api/ai-config')).toHaveLength(0);
  });

  it('says Failed to update AI configuration. when saving fails', async () => {
    openAiConfig(configuredShop, { 'PUT /api/ai-config': () => json(500, { message: 'boom' }) });
    await screen.findByTestId('ai-config-form');

    await userEvent.click(screen.getByTestId('ai-config-save'));

    expect((await findToast('Failed to update AI configuration.')).kind).toBe('error');
  });

  it('shows the message under the input the server named, besides the toast', async () => {
    openAiConfig(configuredShop, {
      'PUT /api/ai-config': () =>
        json(400, {
          message: 'Company name must be at most 100 characters',
          code: 'VALIDATION_FAILED',
          field: 'companyName',
        }),
    });
    await screen.findByTestId('ai-config-form');

    await userEvent.click(screen.getByTestId('ai-config-save'));

    expect((await findToast('Failed to update AI configuration.')).kind).toBe('error');
    const companyName = screen.getByTestId('ai-config-company-name').closest('.ant-form-item');
    await waitFor(() => expect(companyName).toHaveTextContent('Company name must be at most 100 characters'));
    const description = screen.getByTestId('ai-config-company-description').closest('.ant-form-item');
    expect(description).not.toHaveTextContent('Company name must be at most 100 characters');
  });

  it('links to the business setup while it is not complete', async () => {
    openAiConfig(anAiConfig());
    await screen.findByTestId('ai-config-form');

    expect(screen.getByTestId('ai-config-setup-state')).toHaveTextContent('Not completed');
    expect(screen.getByRole('link', { name: 'Complete Setup' })).toHaveAttribute('href', '/business-setup');
  });
});

describe('/ai-config: when API calls run out', () => {
  it('replies nothing by default, with no away message to write', async () => {
    openAiConfig(configuredShop);
    await screen.findByTestId('ai-config-at-limit-card');

    expect(screen.getByTestId('ai-config-at-limit-nothing')).toBeChecked();
    expect(screen.queryByTestId('ai-config-away-message')).not.toBeInTheDocument();
  });

  it('needs the away message once it is chosen, and saves nothing without it', async () => {
    const { fetchSpy } = openAiConfig(configuredShop);
    await screen.findByTestId('ai-config-at-limit-card');

    await userEvent.click(screen.getByText('An away message'));
    await userEvent.type(screen.getByTestId('ai-config-away-message'), '   ');
    await userEvent.click(screen.getByTestId('ai-config-save'));

    expect(await screen.findByText('Please write the away message')).toBeInTheDocument();
    expect(requestsTo(fetchSpy, 'PUT /api/ai-config')).toHaveLength(0);
  });

  it('saves the away message, trimmed, at most 1000 characters', async () => {
    const { fetchSpy } = openAiConfig(configuredShop);
    await screen.findByTestId('ai-config-at-limit-card');

    await userEvent.click(screen.getByText('An away message'));
    const message = screen.getByTestId('ai-config-away-message');
    expect(message).toHaveAttribute('maxlength', '1000');
    await userEvent.type(message, '  Back soon!  ');
    await userEvent.click(screen.getByTestId('ai-config-save'));

    await waitFor(() => expect(requestsTo(fetchSpy, 'PUT /api/ai-config')).toHaveLength(1));
    expect(await lastBodyOf(fetchSpy, 'PUT /api/ai-config')).toMatchObject({
      atLimitReply: 'away_message',
      awayMessage: 'Back soon!',
    });
  });

  it('shows the stored away message; choosing nothing keeps it stored', async () => {
    const { fetchSpy } = openAiConfig({
      ...configuredShop,
      atLimitReply: 'away_message',
      awayMessage: 'Closed today',
    });

    expect(await screen.findByTestId('ai-config-away-message')).toHaveValue('Closed today');
    await userEvent.click(screen.getByText('Nothing (messages wait for you)'));
    await userEvent.click(screen.getByTestId('ai-config-save'));

    await waitFor(() => expect(requestsTo(fetchSpy, 'PUT /api/ai-config')).toHaveLength(1));
    const body = (await lastBodyOf(fetchSpy, 'PUT /api/ai-config')) as Record<string, unknown>;
    expect(body.atLimitReply).toBe('nothing');
    expect(body).not.toHaveProperty('awayMessage');
  });

  it('shows the server message under the away message', async () => {
    openAiConfig(
      { ...configuredShop, atLimitReply: 'away_message', awayMessage: 'x' },
      {
        'PUT /api/ai-config': () =>
          json(400, {
            message: 'Please write the away message',
            code: 'VALIDATION_FAILED',
            field: 'awayMessage',
          }),
      },
    );
    await screen.findByTestId('ai-config-away-message');

    await userEvent.click(screen.getByTestId('ai-config-save'));

    const field = screen.getByTestId('ai-config-away-message').closest('.ant-form-item');
    await waitFor(() => expect(field).toHaveTextContent('Please write the away message'));
  });
});
