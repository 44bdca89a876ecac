import type { SocialIntegrationResponse } from '@parley/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { browser } from '../../../app/browser';
import { type FakeRoutes, json, never, requestsTo } from '../../../test/fake-api';
import {
  aDegradedHealth,
  aDisconnectedIntegration,
  anIntegration,
  englishDate,
  inDays,
} from '../../../test/fixtures/integrations';
import { renderSignedIn } from '../../../test/render-app';
import { LANGUAGE_STORAGE_KEY } from '../../language';
import { WIZARD_STORAGE_KEY } from '../wizard-storage';

const AUTH_URL = 'https://meta.example/dialog/oauth?client_id=app-1&state=s-1';

let assign: jest.SpyInstance;
beforeEach(() => {
  // jsdom cannot load a page: see where the app sends the browser instead.
  assign = jest.spyOn(browser, 'assign').mockImplementation(() => undefined);
});

function openWizard(path: string, integrations: SocialIntegrationResponse[] = [], routes: FakeRoutes = {}) {
  return renderSignedIn(path, undefined, {
    'GET /api/social-integrations': () => json(200, integrations),
    'GET /api/auth/facebook/connect': () => json(200, { authUrl: AUTH_URL }),
    ...routes,
  });
}

async function wizardAt(step: string) {
  await waitFor(() => expect(screen.getByTestId('platform-wizard')).toHaveAttribute('data-step', step));
}

describe('/setup/:platform: an unknown platform', () => {
  it.each(['/setup/myspace', '/setup', '/setup/FACEBOOK'])(
    '%s shows Invalid Platform with a way back to the dashboard',
    async (path) => {
      openWizard(path);

      expect(await screen.findByRole('heading', { level: 2, name: 'Invalid Platform' })).toBeInTheDocument();
      expect(screen.getByText('The specified platform is not supported.')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Return to Dashboard' })).toHaveAttribute('href', '/dashboard');
      expect(screen.queryByTestId('platform-wizard')).not.toBeInTheDocument();
    },
  );
});

describe('/setup/:platform: the three steps', () => {
  it('starts at Overview, then Connect, then Complete, with Complete Setup disabled until active', async () => {
    openWizard('/setup/facebook', [aDisconnectedIntegration('facebook')]);

    await wizardAt('overview');
    expect(screen.getByRole('heading', { level: 2, name: 'Platform setup' })).toBeInTheDocument();
    expect(screen.getByText('Connect Facebook', { selector: '.ant-card-head-title' })).toBeInTheDocument();
    expect(screen.getByTestId('wizard-overview-step')).toHaveTextContent(
      'Connect the Facebook pages you manage.',
    );
    await userEvent.click(screen.getByTestId('wizard-next'));

    await wizardAt('connect');
    expect(screen.getByTestId('wizard-connect-step')).toHaveAttribute('data-state', 'idle');
    expect(screen.getByTestId('wizard-connect')).toHaveTextContent('Connect Facebook');
    await userEvent.click(screen.getByTestId('wizard-next'));

    await wizardAt('complete');
    expect(screen.getByTestId('wizard-complete-step')).toHaveTextContent('Facebook is not connected yet');
    expect(screen.getByTestId('wizard-complete')).toBeDisabled();
  });

  it('starts at step 3 when the platform is already active; Complete Setup goes to the dashboard', async () => {
    openWizard('/setup/instagram', [anIntegration('instagram')], {
      'GET /api/ai-config': () => json(200, {}),
    });

    await wizardAt('complete');
    expect(screen.getByTestId('wizard-complete-step')).toHaveTextContent('Instagram is ready');
    expect(screen.queryByTestId('wizard-reconnect-needed')).not.toBeInTheDocument();
    const complete = screen.getByTestId('wizard-complete');
    expect(complete).toBeEnabled();

    await userEvent.click(complete);

    expect(await screen.findByRole('heading', { level: 2, name: 'Dashboard' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/dashboard');
  });

  it("starts at Connect with the reason when Meta no longer accepts the platform's access", async () => {
    const { fetchSpy } = openWizard(
      '/setup/whatsapp',
      [anIntegration('whatsapp', { needsReconnect: true })],
      {
        'GET /api/auth/whatsapp/connect': () => json(200, { authUrl: AUTH_URL }),
      },
    );

    await wizardAt('connect');
    const step = screen.getByTestId('wizard-connect-step');
    expect(step).toHaveAttribute('data-state', 'idle');
    expect(screen.getByTestId('wizard-reconnect-needed')).toHaveTextContent('Reconnect needed');
    expect(screen.getByTestId('wizard-reconnect-needed')).toHaveTextContent(
      "Meta no longer accepts Parley's access. Replies fail until you connect again.",
    );
    expect(screen.queryByTestId('wizard-connected-pages')).not.toBeInTheDocument();

    await userEvent.click(screen.getByTestId('wizard-connect'));

    await waitFor(() => expect(assign).toHaveBeenCalledWith(AUTH_URL));
    expect(requestsTo(fetchSpy, 'GET /api/auth/whatsapp/connect')).toHaveLength(1);
    expect(JSON.parse(window.localStorage.getItem(WIZARD_STORAGE_KEY) ?? 'null')).toEqual({
      platform: 'whatsapp',
      step: 'connect',
    });
  });

  it('starts at Connect with why a degraded channel needs the owner, and its health on Complete', async () => {
    openWizard('/setup/facebook', [
      anIntegration('facebook', { health: aDegradedHealth({ problems: ['subscription_missing'] }) }),
    ]);

    await wizardAt('connect');
    expect(screen.getByTestId('wizard-connect-step')).toHaveAttribute('data-state', 'idle');
    expect(screen.getByTestId('health-alert')).toHaveTextContent(
      'Facebook no longer sends new messages to Parley, and subscribing again failed.',
    );
    expect(screen.getByTestId('wizard-connect')).toBeEnabled();

    await userEvent.click(screen.getByTestId('wizard-next'));
    await wizardAt('complete');
    expect(screen.getByTestId('health-badge')).toHaveTextContent('Needs attention');
  });

  it('starts at Connect, saying when, while the access ends within a week', async () => {
    const ends = inDays(2);
    openWizard('/setup/whatsapp', [anIntegration('whatsapp', { accessExpiresAt: ends })]);

    await wizardAt('connect');
    expect(screen.getByTestId('wizard-connect-step')).toHaveAttribute('data-state', 'idle');
    expect(screen.getByTestId('wizard-access-ending')).toHaveTextContent(englishDate(ends));
    expect(screen.queryByTestId('wizard-reconnect-needed')).not.toBeInTheDocument();
    expect(screen.getByTestId('wizard-connect')).toBeEnabled();
  });

  it('keeps Complete Setup disabled while the platform must be connected again', async () => {
    openWizard('/setup/facebook', [anIntegration('facebook', { needsReconnect: true })]);
    await wizardAt('connect');

    await userEvent.click(screen.getByTestId('wizard-next'));

    await wizardAt('complete');
    const complete = screen.getByTestId('wizard-complete-step');
    expect(complete).toHaveTextContent('Connect Facebook again');
    expect(complete).not.toHaveTextContent('Facebook is ready');
    expect(screen.getByTestId('wizard-complete')).toBeDisabled();
    await userEvent.click(screen.getByTestId('wizard-previous'));
    await wizardAt('connect');
  });

  it.each(['wizard-back', 'wizard-cancel'])('%s goes to the dashboard', async (testId) => {
    openWizard('/setup/whatsapp');
    await wizardAt('overview');

    await userEvent.click(screen.getByTestId(testId));

    expect(await screen.findByRole('heading', { level: 2, name: 'Dashboard' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/dashboard');
  });
});

describe('/setup/:platform: connecting', () => {
  it('stores the platform and step, then sends the browser to the dialog the server gave', async () => {
    const { fetchSpy } = openWizard('/setup/facebook', [], {
      'GET /api/auth/facebook/connect': () => json(200, { authUrl: AUTH_URL }),
    });
    await wizardAt('overview');
    await userEvent.click(screen.getByTestId('wizard-next'));

    await userEvent.click(await screen.findByTestId('wizard-connect'));

    await waitFor(() => expect(assign).toHaveBeenCalledWith(AUTH_URL));
    expect(requestsTo(fetchSpy, 'GET /api/auth/facebook/connect')).toHaveLength(1);
    expect(JSON.parse(window.localStorage.getItem(WIZARD_STORAGE_KEY) ?? 'null')).toEqual({
      platform: 'facebook',
      step: 'connect',
    });
    expect(screen.getByTestId('wizard-connect-step')).toHaveAttribute('data-state', 'connecting');
    expect(screen.getByTestId('wizard-connect')).toHaveTextContent('Redirecting to sign in...');
  });

  it('back from the provider: the stored step is restored and cleared, the list refetched 1 s later', async () => {
    window.localStorage.setItem(
      WIZARD_STORAGE_KEY,
      JSON.stringify({ platform: 'facebook', step: 'connect' }),
    );
    const calls: number[] = [];
    let integrations = [aDisconnectedIntegration('facebook')];
    openWizard('/setup/facebook', [], {
      'GET /api/social-integrations': () => {
        calls.push(Date.now());
        return json(200, integrations);
      },
    });

    await wizardAt('connect');
    expect(window.localStorage.getItem(WIZARD_STORAGE_KEY)).toBeNull();
    await waitFor(() => expect(calls).toHaveLength(1));
    integrations = [anIntegration('facebook')];

    await waitFor(() => expect(calls).toHaveLength(2), { timeout: 3000 });
    expect(calls[1] - calls[0]).toBeGreaterThanOrEqual(900);
    await waitFor(() =>
      expect(screen.getByTestId('wizard-connect-step')).toHaveAttribute('data-state', 'success'),
    );
    expect(screen.getByTestId('wizard-connected-pages')).toHaveTextContent('Connected: Kestrel Test Page');
  });

  it('back from reconnecting: the stored Connect step is restored, and succeeds once the list is clear', async () => {
    window.localStorage.setItem(
      WIZARD_STORAGE_KEY,
      JSON.stringify({ platform: 'whatsapp', step: 'connect' }),
    );
    let integrations = [anIntegration('whatsapp', { needsReconnect: true })];
    openWizard('/setup/whatsapp', [], {
      'GET /api/social-integrations': () => json(200, integrations),
    });

    await wizardAt('connect');
    expect(window.localStorage.getItem(WIZARD_STORAGE_KEY)).toBeNull();
    expect(await screen.findByTestId('wizard-reconnect-needed')).toBeInTheDocument();
    integrations = [anIntegration('whatsapp')];

    await waitFor(
      () => expect(screen.getByTestId('wizard-connect-step')).toHaveAttribute('data-state', 'success'),
      { timeout: 3000 },
    );
    expect(screen.queryByTestId('wizard-reconnect-needed')).not.toBeInTheDocument();
  });

  it("keeps another platform's stored step for that platform's wizard", async () => {
    window.localStorage.setItem(
      WIZARD_STORAGE_KEY,
      JSON.stringify({ platform: 'whatsapp', step: 'connect' }),
    );
    openWizard('/setup/facebook');

    await wizardAt('overview');
    expect(window.localStorage.getItem(WIZARD_STORAGE_KEY)).not.toBeNull();
  });

  it('opens on Connection Failed with the text of ?error=<code>; Try Again goes back to idle', async () => {
    window.localStorage.setItem(
      WIZARD_STORAGE_KEY,
      JSON.stringify({ platform: 'facebook', step: 'connect' }),
    );
    const reason = 'This connection link has expired. Please try again.';
    openWizard('/setup/facebook?error=expired');

    await wizardAt('connect');
    const step = screen.getByTestId('wizard-connect-step');
    expect(step).toHaveAttribute('data-state', 'error');
    expect(step).toHaveTextContent('Connection Failed');
    expect(screen.getByTestId('wizard-error-reason')).toHaveTextContent(reason);
    await waitFor(() => expect(window.location.search).toBe(''));
    expect(window.localStorage.getItem(WIZARD_STORAGE_KEY)).toBeNull();

    await userEvent.click(screen.getByTestId('wizard-try-again'));

    expect(screen.getByTestId('wizard-connect-step')).toHaveAttribute('data-state', 'idle');
    expect(screen.getByTestId('wizard-connect')).toBeEnabled();
  });

  it('Cancel on the error leaves for the dashboard', async () => {
    openWizard('/setup/instagram?error=denied');
    await wizardAt('connect');
    expect(screen.getByTestId('wizard-error-reason')).toHaveTextContent(
      'The connection was cancelled or refused on the sign-in page. Nothing was connected.',
    );

    await userEvent.click(screen.getByTestId('wizard-cancel'));

    expect(await screen.findByRole('heading', { level: 2, name: 'Dashboard' })).toBeInTheDocument();
  });

  it('says it in Spanish', async () => {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'es');
    openWizard('/setup/facebook?error=used');
    expect(await screen.findByTestId('wizard-error-reason')).toHaveTextContent(
      'Este enlace de conexión ya se usó. Inténtalo de nuevo.',
    );
    expect(screen.getByTestId('wizard-connect-step')).toHaveTextContent('Error de conexión');
  });

  it.each([
    ['session_mismatch', 'facebook', 'This connection was started in another browser or Parley account'],
    ['already_connected', 'whatsapp', 'Another Parley account already has this connected.'],
    ['provider_refused', 'instagram', 'Instagram refused the connection. Please try again.'],
    ['no_assets', 'instagram', 'No Instagram business accounts were found on this account.'],
    ['no_assets', 'whatsapp', 'No WhatsApp phone numbers were found on this account.'],
    ['failed', 'facebook', 'Parley could not finish the connection. Please try again.'],
  ])('says what ?error=%s on %s means', async (code, platform, text) => {
    openWizard(`/setup/${platform}?error=${code}`);
    expect(await screen.findByTestId('wizard-error-reason')).toHaveTextContent(text);
  });

  it.each([
    'Your account is locked: call +1 555 0199 to restore it',
    // Once a reason of the server's own, in its words: the address may still carry any text.
    'This connection link has expired. Please try again.',
    '<b>expired</b>',
    'constructor',
    'no_assets.facebook',
  ])('never shows the text of ?error= itself: %s', async (text) => {
    openWizard(`/setup/facebook?error=${encodeURIComponent(text)}`);
    const reason = await screen.findByTestId('wizard-error-reason');
    expect(reason).toHaveTextContent(/^Failed to connect to the platform$/);
    expect(screen.getByTestId('platform-wizard')).not.toHaveTextContent(text);
  });

  it('says why a link completed in another browser connected nothing, in Arabic', async () => {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'ar');
    openWizard('/setup/instagram?error=session_mismatch');
    expect(await screen.findByTestId('wizard-error-reason')).toHaveTextContent(
      'بدأ هذا الربط في متصفح آخر أو حساب Parley آخر، لذلك لم يُربط أي شيء.',
    );
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
  });

  it('explains an X consent without direct-message access (no_dm_access)', async () => {
    openWizard('/setup/twitter?error=no_dm_access');

    expect(await screen.findByTestId('wizard-error-reason')).toHaveTextContent(
      'X did not give Parley access to direct messages, so nothing was connected.',
    );
  });

  it("walks X's wizard: X's rules (no 24-hour window), then Connect to X's authorisation", async () => {
    openWizard('/setup/twitter', [], {
      'GET /api/auth/twitter/connect': () => json(200, { authUrl: AUTH_URL }),
    });
    await wizardAt('overview');
    expect(screen.getByTestId('wizard-window-note')).toHaveTextContent('X has no 24-hour window');
    await userEvent.click(screen.getByTestId('wizard-next'));

    await userEvent.click(await screen.findByTestId('wizard-connect'));

    await waitFor(() => expect(assign).toHaveBeenCalledWith(AUTH_URL));
  });

  it('says Failed to connect to the platform when ?error= is empty', async () => {
    openWizard('/setup/whatsapp?error=');

    expect(await screen.findByTestId('wizard-error-reason')).toHaveTextContent(
      'Failed to connect to the platform',
    );
  });

  it('shows the server refusal as the error, stores nothing and stays in the page', async () => {
    openWizard('/setup/twitter', [], {
      'GET /api/auth/twitter/connect': () =>
        json(400, { message: 'The X app is not set up for direct messages.', code: 'VALIDATION_FAILED' }),
    });
    await wizardAt('overview');
    await userEvent.click(screen.getByTestId('wizard-next'));

    await userEvent.click(await screen.findByTestId('wizard-connect'));

    expect(await screen.findByTestId('wizard-error-reason')).toHaveTextContent(
      'The X app is not set up for direct messages.',
    );
    expect(assign).not.toHaveBeenCalled();
    expect(window.localStorage.getItem(WIZARD_STORAGE_KEY)).toBeNull();
  });

  it('shows a spinner, not a step, until the integrations answer', async () => {
    openWizard('/setup/facebook', [], { 'GET /api/social-integrations': () => never() });

    const wizard = await screen.findByTestId('platform-wizard');
    expect(wizard).not.toHaveAttribute('data-step');
    expect(within(wizard).getByText('Loading...')).toBeInTheDocument();
  });
});

describe('/setup/:platform in Arabic', () => {
  it('reads right to left with the texts in Arabic', async () => {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'ar');
    openWizard('/setup/whatsapp');

    await wizardAt('overview');
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(screen.getByText('ربط واتساب', { selector: '.ant-card-head-title' })).toBeInTheDocument();
    expect(screen.getByTestId('wizard-next')).toHaveTextContent('متابعة');
  });

  it('says in Arabic why the platform must be connected again', async () => {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'ar');
    openWizard('/setup/whatsapp', [anIntegration('whatsapp', { needsReconnect: true })]);

    await wizardAt('connect');
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    const notice = screen.getByTestId('wizard-reconnect-needed');
    expect(notice).toHaveTextContent('يلزم إعادة الربط');
    expect(notice).toHaveTextContent('لم تعد ميتا تقبل وصول Parley. ستفشل الردود حتى تعيد الربط.');
  });
});
