import type { SocialIntegrationResponse } from '@parley/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { browser } from '../../../app/browser';
import { type FakeRoutes, json, requestsTo } from '../../../test/fake-api';
import { FakeWebSocket } from '../../../test/fake-websocket';
import {
  aDegradedHealth,
  aDisconnectedIntegration,
  aHealth,
  anIntegration,
  englishDate,
  inDays,
} from '../../../test/fixtures/integrations';
import { renderSignedIn } from '../../../test/render-app';
import { findToast } from '../../../test/toasts';
import { LANGUAGE_STORAGE_KEY } from '../../language';

function openIntegrations(integrations: () => SocialIntegrationResponse[], routes: FakeRoutes = {}) {
  return renderSignedIn('/social-integrations', undefined, {
    'GET /api/social-integrations': () => json(200, integrations()),
    ...routes,
  });
}

function card(platform: string) {
  const found = screen
    .getAllByTestId('integration-card')
    .find((element) => element.dataset.platform === platform);
  if (!found) throw new Error(`No card for ${platform}`);
  return found;
}

async function confirmDialog(): Promise<HTMLElement> {
  const [title] = await screen.findAllByText('Disconnect Facebook?', {
    selector: '.ant-modal-confirm-title',
  });
  const dialog = title.closest<HTMLElement>('.ant-modal');
  if (!dialog) throw new Error('The confirmation is not a dialog');
  return dialog;
}

describe('/social-integrations', () => {
  it('shows every platform with its status, what is connected and when it last synced', async () => {
    const facebook = anIntegration('facebook', {
      pages: [
        { pageId: 'p-1', pageName: 'Kestrel Test Page' },
        { pageId: 'p-2', pageName: 'Olive & Oak' },
      ],
    });
    openIntegrations(() => [facebook, aDisconnectedIntegration('whatsapp')]);

    await screen.findByTestId('integrations-list');
    expect(screen.getAllByTestId('integration-card').map((element) => element.dataset.platform)).toEqual([
      'facebook',
      'instagram',
      'twitter',
      'whatsapp',
    ]);
    expect(within(card('facebook')).getByTestId('integration-status')).toHaveTextContent('Connected');
    expect(within(card('facebook')).getByTestId('integration-pages')).toHaveTextContent(
      'Pages: Kestrel Test Page, Olive & Oak',
    );
    expect(within(card('facebook')).getByTestId('integration-last-sync')).toHaveTextContent(
      'Last sync: 5 minutes ago',
    );
    expect(within(card('facebook')).getByTestId('integration-disconnect')).toHaveTextContent('Disconnect');
    for (const platform of ['instagram', 'twitter', 'whatsapp']) {
      expect(within(card(platform)).getByTestId('integration-status')).toHaveTextContent('Not connected');
      expect(within(card(platform)).getByRole('link', { name: 'Connect' })).toHaveAttribute(
        'href',
        `/setup/${platform}`,
      );
    }
  });

  it('says Reconnect needed and why for a platform Meta refuses, with Reconnect to its wizard', async () => {
    openIntegrations(() => [anIntegration('facebook'), anIntegration('whatsapp', { needsReconnect: true })]);
    await screen.findByTestId('integrations-list');

    const whatsapp = card('whatsapp');
    expect(whatsapp).toHaveAttribute('data-needs-reconnect', 'true');
    expect(within(whatsapp).getByTestId('integration-status')).toHaveTextContent('Reconnect needed');
    expect(within(whatsapp).queryByText('Connected')).not.toBeInTheDocument();
    expect(within(whatsapp).getByTestId('integration-reconnect-reason')).toHaveTextContent(
      "Meta no longer accepts Parley's access. Replies fail until you connect again.",
    );
    expect(within(whatsapp).getByRole('link', { name: 'Reconnect' })).toHaveAttribute(
      'href',
      '/setup/whatsapp',
    );
    // Still connected: its numbers and the way to disconnect stay.
    expect(within(whatsapp).getByTestId('integration-pages')).toHaveTextContent(
      'Phone numbers: Kestrel Test Page',
    );
    expect(within(whatsapp).getByTestId('integration-disconnect')).toBeInTheDocument();

    const facebook = card('facebook');
    expect(within(facebook).getByTestId('integration-status')).toHaveTextContent('Connected');
    expect(within(facebook).queryByTestId('integration-reconnect-reason')).not.toBeInTheDocument();
    expect(within(facebook).queryByRole('link', { name: 'Reconnect' })).not.toBeInTheDocument();
  });

  it("says until when WhatsApp's access lasts, and asks to connect again in its last week", async () => {
    const ends = inDays(3);
    openIntegrations(() => [anIntegration('facebook'), anIntegration('whatsapp', { accessExpiresAt: ends })]);
    await screen.findByTestId('integrations-list');

    const whatsapp = card('whatsapp');
    expect(within(whatsapp).getByTestId('integration-status')).toHaveTextContent('Connected');
    // The warning gives the date; the quiet "Access until" line gives way to it.
    expect(within(whatsapp).queryByTestId('integration-access-until')).not.toBeInTheDocument();
    expect(within(whatsapp).getByTestId('integration-access-ending')).toHaveTextContent(
      `Meta ends Parley's access on ${englishDate(ends)}. Connect again before then`,
    );
    expect(within(whatsapp).getByRole('link', { name: 'Reconnect' })).toHaveAttribute(
      'href',
      '/setup/whatsapp',
    );
    const facebook = card('facebook');
    expect(within(facebook).queryByTestId('integration-access-until')).not.toBeInTheDocument();
    expect(within(facebook).queryByRole('link', { name: 'Reconnect' })).not.toBeInTheDocument();
  });

  it('does not ask to connect again while the access has more than a week left', async () => {
    const ends = inDays(30);
    openIntegrations(() => [anIntegration('whatsapp', { accessExpiresAt: ends })]);
    await screen.findByTestId('integrations-list');

    const whatsapp = card('whatsapp');
    expect(within(whatsapp).getByTestId('integration-access-until')).toHaveTextContent(
      `Access until ${englishDate(ends)}`,
    );
    expect(within(whatsapp).queryByTestId('integration-access-ending')).not.toBeInTheDocument();
    expect(within(whatsapp).queryByRole('link', { name: 'Reconnect' })).not.toBeInTheDocument();
  });

  it('Reconnect opens the wizard at its Connect step, with the reason', async () => {
    openIntegrations(() => [anIntegration('whatsapp', { needsReconnect: true })]);
    await screen.findByTestId('integrations-list');

    await userEvent.click(within(card('whatsapp')).getByRole('link', { name: 'Reconnect' }));

    await waitFor(() =>
      expect(screen.getByTestId('platform-wizard')).toHaveAttribute('data-step', 'connect'),
    );
    expect(window.location.pathname).toBe('/setup/whatsapp');
    expect(screen.getByTestId('wizard-reconnect-needed')).toHaveTextContent(
      "Meta no longer accepts Parley's access. Replies fail until you connect again.",
    );
  });

  it('shows Reconnect needed when the server says a connection changed, without a popup', async () => {
    let integrations = [anIntegration('instagram')];
    openIntegrations(() => integrations);
    await waitFor(() =>
      expect(within(card('instagram')).getByTestId('integration-status')).toHaveTextContent('Connected'),
    );
    act(() => FakeWebSocket.latest().open());

    integrations = [anIntegration('instagram', { needsReconnect: true })];
    act(() =>
      FakeWebSocket.latest().receive({
        type: 'integration_changed',
        message: '',
        data: { platform: 'instagram' },
      }),
    );

    await waitFor(() =>
      expect(within(card('instagram')).getByTestId('integration-status')).toHaveTextContent(
        'Reconnect needed',
      ),
    );
    expect(screen.queryByTestId('realtime-popup')).not.toBeInTheDocument();
  });

  it('says it in Arabic, right to left', async () => {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'ar');
    openIntegrations(() => [anIntegration('whatsapp', { needsReconnect: true })]);
    await screen.findByTestId('integrations-list');

    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    const whatsapp = card('whatsapp');
    expect(within(whatsapp).getByTestId('integration-status')).toHaveTextContent('يلزم إعادة الربط');
    expect(within(whatsapp).getByTestId('integration-reconnect-reason')).toHaveTextContent(
      'لم تعد ميتا تقبل وصول Parley. ستفشل الردود حتى تعيد الربط.',
    );
    expect(within(whatsapp).getByRole('link', { name: 'إعادة الربط' })).toHaveAttribute(
      'href',
      '/setup/whatsapp',
    );
  });

  it('Connect opens the platform wizard', async () => {
    openIntegrations(() => []);
    await screen.findByTestId('integrations-list');

    await userEvent.click(within(card('whatsapp')).getByRole('link', { name: 'Connect' }));

    expect(await screen.findByTestId('platform-wizard')).toHaveAttribute('data-platform', 'whatsapp');
    expect(window.location.pathname).toBe('/setup/whatsapp');
  });

  it('Disconnect asks first, then disconnects with the toast of spec 001 §8', async () => {
    let integrations = [anIntegration('facebook')];
    const { fetchSpy } = openIntegrations(() => integrations, {
      'DELETE /api/social-integrations/facebook': () => {
        integrations = [aDisconnectedIntegration('facebook')];
        return json(200, { platform: 'facebook' });
      },
    });
    await screen.findByTestId('integrations-list');

    await userEvent.click(within(card('facebook')).getByTestId('integration-disconnect'));
    const dialog = await confirmDialog();
    expect(dialog).toHaveTextContent('Parley will stop receiving and answering messages from Facebook.');
    expect(requestsTo(fetchSpy, 'DELETE /api/social-integrations/facebook')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Disconnect' }));

    const toast = await findToast('Successfully disconnected from Facebook.');
    expect(toast.kind).toBe('success');
    expect(requestsTo(fetchSpy, 'DELETE /api/social-integrations/facebook')).toHaveLength(1);
    await waitFor(() =>
      expect(within(card('facebook')).getByTestId('integration-status')).toHaveTextContent('Not connected'),
    );
  });

  it('Cancel keeps the connection', async () => {
    const { fetchSpy } = openIntegrations(() => [anIntegration('facebook')]);
    await screen.findByTestId('integrations-list');

    await userEvent.click(within(card('facebook')).getByTestId('integration-disconnect'));
    await userEvent.click(within(await confirmDialog()).getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(document.querySelector('.ant-modal-confirm')).toBeNull());
    expect(requestsTo(fetchSpy, 'DELETE /api/social-integrations/facebook')).toHaveLength(0);
  });

  it("says why a disconnect failed, in the server's words", async () => {
    openIntegrations(() => [anIntegration('facebook')], {
      'DELETE /api/social-integrations/facebook': () =>
        json(404, { message: 'Facebook is not connected.', code: 'NOT_FOUND' }),
    });
    await screen.findByTestId('integrations-list');

    await userEvent.click(within(card('facebook')).getByTestId('integration-disconnect'));
    await userEvent.click(within(await confirmDialog()).getByRole('button', { name: 'Disconnect' }));

    expect((await findToast('Facebook is not connected.')).kind).toBe('error');
  });

  it('falls back to an empty list with a warning when the list cannot be fetched (404: no retry)', async () => {
    const { fetchSpy } = openIntegrations(() => [], {
      'GET /api/social-integrations': () => json(404, { message: 'Not found' }),
    });

    expect(await screen.findByTestId('integrations-load-failed')).toHaveTextContent(
      'Failed to fetch integrations',
    );
    expect(within(card('facebook')).getByTestId('integration-status')).toHaveTextContent('Not connected');
    expect(requestsTo(fetchSpy, 'GET /api/social-integrations')).toHaveLength(1);
  });

  it('retries a failed fetch (spec 001 §8) and shows the list once it answers', async () => {
    let failures = 1;
    const { fetchSpy } = openIntegrations(() => [], {
      'GET /api/social-integrations': () =>
        failures-- > 0 ? json(503, { message: 'unavailable' }) : json(200, [anIntegration('facebook')]),
    });

    await waitFor(
      () => expect(within(card('facebook')).getByTestId('integration-status')).toHaveTextContent('Connected'),
      { timeout: 4000 },
    );
    expect(requestsTo(fetchSpy, 'GET /api/social-integrations')).toHaveLength(2);
    expect(screen.queryByTestId('integrations-load-failed')).not.toBeInTheDocument();
  });

  it("shows each connected channel's health; a degraded one says why and offers Reconnect", async () => {
    openIntegrations(() => [
      anIntegration('facebook'),
      anIntegration('instagram', { health: aDegradedHealth() }),
      aDisconnectedIntegration('whatsapp'),
    ]);
    await screen.findByTestId('integrations-list');

    expect(within(card('facebook')).getByTestId('health-badge')).toHaveTextContent('Healthy');
    expect(within(card('facebook')).queryByTestId('health-alert')).not.toBeInTheDocument();
    expect(within(card('facebook')).queryByRole('link', { name: 'Reconnect' })).not.toBeInTheDocument();
    expect(within(card('whatsapp')).queryByTestId('health-badge')).not.toBeInTheDocument();

    const instagram = card('instagram');
    expect(instagram).toHaveAttribute('data-health', 'degraded');
    expect(within(instagram).getByTestId('health-badge')).toHaveTextContent('Needs attention');
    expect(within(instagram).getByTestId('health-alert')).toHaveTextContent('Instagram needs your attention');
    expect(within(instagram).getByTestId('health-problem')).toHaveTextContent(
      'The last 5 messages to customers could not be sent.',
    );
    expect(within(instagram).getByRole('link', { name: 'Reconnect' })).toHaveAttribute(
      'href',
      '/setup/instagram',
    );
  });

  it('opens the reasons on the badge: access, new messages, last message in, last reply out and its error', async () => {
    openIntegrations(() => [
      anIntegration('whatsapp', {
        health: aDegradedHealth({
          problems: ['token_refused', 'send_failures'],
          token: 'refused',
          tokenError: 'Error validating access token',
        }),
      }),
      anIntegration('facebook', { health: aHealth({ token: 'expiring', tokenExpiresAt: inDays(3) }) }),
    ]);
    await screen.findByTestId('integrations-list');

    await userEvent.click(within(card('whatsapp')).getByTestId('health-badge'));
    const details = await screen.findByTestId('health-details');
    expect(within(details).getByTestId('health-token')).toHaveTextContent(
      'RefusedError validating access token',
    );
    expect(within(details).getByTestId('health-subscription')).toHaveTextContent('Subscribed');
    expect(within(details).getByTestId('health-lastWebhook')).toHaveTextContent('10 minutes ago');
    expect(within(details).getByTestId('health-lastSend')).toHaveTextContent(
      'Failed 2 minutes ago(#100) No matching user found',
    );
    expect(within(details).getByTestId('health-failures')).toHaveTextContent('5');
    expect(within(details).getByTestId('health-checked')).toHaveTextContent('1 hour ago');

    await userEvent.click(within(card('facebook')).getByTestId('health-badge'));
    await waitFor(() =>
      expect(
        screen
          .getAllByTestId('health-token')
          .some((element) => element.textContent?.includes(`Ends ${englishDate(inDays(3))}`)),
      ).toBe(true),
    );
  });

  it('pops up once the server says a channel degraded, and the list shows it', async () => {
    let integrations = [anIntegration('facebook')];
    openIntegrations(() => integrations);
    await screen.findByTestId('integrations-list');
    act(() => FakeWebSocket.latest().open());

    integrations = [anIntegration('facebook', { health: aDegradedHealth({ problems: ['token_refused'] }) })];
    act(() =>
      FakeWebSocket.latest().receive({
        type: 'channel_degraded',
        message: 'Facebook needs your attention.',
        data: { platform: 'facebook', problems: ['token_refused'] },
      }),
    );

    const popup = await screen.findByTestId('realtime-popup');
    expect(popup).toHaveTextContent('Channel needs attention');
    expect(popup).toHaveTextContent(
      "Facebook needs your attention: Facebook no longer accepts Parley's access.",
    );
    await waitFor(() =>
      expect(within(card('facebook')).getByTestId('health-badge')).toHaveTextContent('Needs attention'),
    );
  });

  it('says the health in Arabic', async () => {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'ar');
    openIntegrations(() => [anIntegration('facebook', { health: aDegradedHealth() })]);
    await screen.findByTestId('integrations-list');

    expect(within(card('facebook')).getByTestId('health-badge')).toHaveTextContent('تحتاج إلى انتباه');
    expect(within(card('facebook')).getByTestId('health-problem')).toHaveTextContent(
      'تعذّر إرسال آخر 5 رسائل إلى العملاء.',
    );
  });

  it('refreshes when the server says a connection changed, without a popup', async () => {
    let integrations: SocialIntegrationResponse[] = [];
    openIntegrations(() => integrations);
    await screen.findByTestId('integrations-list');
    act(() => FakeWebSocket.latest().open());

    integrations = [anIntegration('instagram')];
    act(() =>
      FakeWebSocket.latest().receive({
        type: 'integration_changed',
        message: '',
        data: { platform: 'instagram' },
      }),
    );

    await waitFor(() =>
      expect(within(card('instagram')).getByTestId('integration-status')).toHaveTextContent('Connected'),
    );
    expect(screen.queryByTestId('realtime-popup')).not.toBeInTheDocument();
  });
});

describe('/test-oauth', () => {
  it('has one button, Test Facebook OAuth, which starts connecting Facebook', async () => {
    const assign = jest.spyOn(browser, 'assign').mockImplementation(() => undefined);
    renderSignedIn('/test-oauth', undefined, {
      'GET /api/auth/facebook/connect': () =>
        json(200, { authUrl: 'https://meta.example/dialog/oauth?state=s' }),
    });

    await userEvent.click(await screen.findByRole('button', { name: 'Test Facebook OAuth' }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://meta.example/dialog/oauth?state=s'));
  });

  it('says Connection Failed with the reason when the server refuses', async () => {
    const assign = jest.spyOn(browser, 'assign').mockImplementation(() => undefined);
    renderSignedIn('/test-oauth', undefined, {
      'GET /api/auth/facebook/connect': () => json(503, {}),
    });

    await userEvent.click(await screen.findByRole('button', { name: 'Test Facebook OAuth' }));

    const toast = await findToast('Failed to connect to the platform');
    expect(toast.kind).toBe('error');
    expect(toast.hasTitle('Connection Failed')).toBe(true);
    expect(assign).not.toHaveBeenCalled();
  });
});
