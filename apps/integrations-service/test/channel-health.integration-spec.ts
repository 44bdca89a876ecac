import { ChannelRegistry } from '../src/channels/channel-registry';
import { IntegrationsConfig } from '../src/config/integrations.config';
import { integrationsServiceModule } from '../src/app.module';
import { FakeMeta } from '../src/testing/fake-meta';
import { createServiceApp, loadConfig, type ServiceApp } from '@parley/server-kit';
import { createTestInfra, type TestInfra } from '@parley/server-kit/testing';

const APP_ID = '990011223344';
const APP_SECRET = 'health-test-secret';
const PAGE = '20001';
const WABA = '40001';
const PHONE = '50001';

/**
 * A channel's health as its adapter asks the provider (ChannelAdapter.checkHealth), against the fake Meta
 * over real HTTP, inside the real service (real PostgreSQL, NATS and Redis).
 */
describe("channel health: what Meta says of a connected page's token and subscription", () => {
  let infra: TestInfra;
  let fake: FakeMeta;
  let service: ServiceApp;
  let registry: ChannelRegistry;

  beforeAll(async () => {
    infra = await createTestInfra();
    fake = new FakeMeta({ appId: APP_ID, appSecret: APP_SECRET });
    await fake.start();
    const config = loadConfig(IntegrationsConfig, {
      ...infra.env,
      META_APP_ID: APP_ID,
      META_APP_SECRET: APP_SECRET,
      META_GRAPH_URL: fake.graphUrl,
      META_OAUTH_URL: fake.oauthUrl,
      RECONCILE_INTERVAL_MS: '600000',
    });
    service = await createServiceApp('integrations-service', integrationsServiceModule(config), config);
    registry = service.app.get(ChannelRegistry);
  }, 60_000);

  afterAll(async () => {
    await service?.app.close();
    await fake?.stop();
    await infra?.cleanup();
  });

  afterEach(() => fake.reset());

  const facebook = () => registry.forPlatform('facebook');
  const page = () => ({ pageId: PAGE, businessAccountId: null, token: fake.pageToken(PAGE) });

  it('finds a subscribed page healthy, a removed subscription missing, and subscribing again restores it', async () => {
    await facebook().subscribe('facebook', [{ ...page(), pageName: 'Shop', provesControl: true }]);
    expect(await facebook().checkHealth('facebook', page())).toEqual({ token: 'valid', subscribed: true });

    fake.subscriptions.delete(PAGE);
    expect(await facebook().checkHealth('facebook', page())).toEqual({ token: 'valid', subscribed: false });

    await facebook().subscribe('facebook', [{ ...page(), pageName: 'Shop', provesControl: true }]);
    expect(await facebook().checkHealth('facebook', page())).toEqual({ token: 'valid', subscribed: true });
  });

  it("asks a WhatsApp number's Business account with the user's token", async () => {
    const number = { pageId: PHONE, businessAccountId: WABA, token: fake.userToken() };
    const whatsapp = registry.forPlatform('whatsapp');
    expect(await whatsapp.checkHealth('whatsapp', number)).toEqual({ token: 'valid', subscribed: false });
    await whatsapp.subscribe('whatsapp', [{ ...number, pageName: '+34 600', provesControl: true }]);
    expect(await whatsapp.checkHealth('whatsapp', number)).toEqual({ token: 'valid', subscribed: true });
  });

  it('says refused when Meta no longer accepts the token, and unknown when Meta is down', async () => {
    fake.failNext({ match: 'subscribe', status: 400, code: 190, message: 'Error validating access token' });
    expect(await facebook().checkHealth('facebook', page())).toEqual({
      token: 'refused',
      subscribed: null,
      reason: 'Error validating access token',
    });
    fake.failNext({ match: 'subscribe', status: 503 });
    expect(await facebook().checkHealth('facebook', page())).toMatchObject({
      token: 'unknown',
      subscribed: null,
    });
    expect(await facebook().checkHealth('facebook', { ...page(), token: 'not-a-token' })).toMatchObject({
      token: 'refused',
      subscribed: null,
    });
  });
});
