/**
 * `npm run fake:x`: the fake X server for trying the stack locally. Point the stack at it with the
 * printed env lines; it signs webhooks with X_CONSUMER_SECRET, posts them to FAKE_X_WEBHOOK_URL, and after
 * each send posts the echo X would.
 */
import { FakeX } from './fake-x';

async function main(): Promise<void> {
  const env = process.env;
  const fake = new FakeX({
    port: Number(env.FAKE_X_PORT ?? 3991),
    clientId: env.X_CLIENT_ID ?? 'parley-dev-x-client',
    clientSecret: env.X_CLIENT_SECRET ?? 'parley-dev-x-client-secret',
    consumerSecret: env.X_CONSUMER_SECRET ?? 'parley-dev-x-consumer-secret',
    webhookId: env.X_WEBHOOK_ID ?? 'parley-dev-x-webhook',
    appBearer: env.X_APP_BEARER_TOKEN ?? 'parley-dev-x-app-bearer',
    webhookUrl: env.FAKE_X_WEBHOOK_URL ?? 'http://localhost:3000/api/webhooks/x',
    autoEcho: true,
  });
  await fake.start();
  const stop = () => void fake.stop().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  console.log(
    [
      `Fake X listening on ${fake.url}`,
      '',
      'Give the stack:',
      `  X_API_URL=${fake.url}`,
      `  X_OAUTH_URL=${fake.oauthUrl}`,
      '',
      `Consents as @${fake.account.screen_name} (${fake.account.id})`,
      `Signed webhooks go to ${fake.webhookUrl ?? '(none)'}`,
      `Control: GET ${fake.url}/_fake/sent · POST ${fake.url}/_fake/dm { text } · POST ${fake.url}/_fake/fail { status } · POST ${fake.url}/_fake/crc`,
    ].join('\n'),
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
