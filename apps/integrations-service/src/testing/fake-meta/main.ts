/**
 * `npm run fake:meta`: the fake Meta server for trying the stack locally. Point the stack at it with the
 * printed env lines; it signs webhooks with META_APP_SECRET and, after each send, posts the echo,
 * delivery and read webhooks to FAKE_META_WEBHOOK_URL.
 */
import { FakeMeta } from './fake-meta';

async function main(): Promise<void> {
  const env = process.env;
  const fake = new FakeMeta({
    port: Number(env.FAKE_META_PORT ?? 3990),
    appId: env.META_APP_ID ?? 'parley-dev-app',
    appSecret: env.META_APP_SECRET ?? 'parley-dev-app-secret',
    webhookUrl: env.FAKE_META_WEBHOOK_URL ?? 'http://localhost:3000/api/webhooks/meta',
    autoStatus: true,
  });
  await fake.start();
  const stop = () => void fake.stop().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);

  const page = fake.pages[0];
  const phone = fake.whatsapp[0]?.phoneNumbers[0];
  console.log(
    [
      `Fake Meta listening on ${fake.url}`,
      '',
      'Give the stack:',
      `  META_GRAPH_URL=${fake.graphUrl}`,
      `  META_OAUTH_URL=${fake.oauthUrl}`,
      `  META_APP_ID=${fake.appId}`,
      `  META_APP_SECRET=${fake.appSecret}`,
      '',
      `Logs in as ${fake.user.name}` +
        (page ? `; page ${page.name} (${page.id})` : '') +
        (page?.instagram_business_account
          ? `, Instagram @${page.instagram_business_account.username} (${page.instagram_business_account.id})`
          : '') +
        (phone ? `, WhatsApp ${phone.display} (${phone.id})` : ''),
      `Signed webhooks go to ${fake.webhookUrl ?? '(none)'}`,
      `Control: GET ${fake.url}/_fake/sent · POST ${fake.url}/_fake/webhook { payload } · POST ${fake.url}/_fake/fail { match, status }`,
    ].join('\n'),
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
