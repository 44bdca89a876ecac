// Meta channels for the bench: the local fake Meta (apps/integrations-service/src/testing/fake-meta) as a
// process of its own, an owner's Facebook page connected through the real OAuth redirects, and signed
// Messenger webhook bodies.
import { createHmac } from 'node:crypto';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { withDb } from './owners.mjs';
import { spawnNode } from './processes.mjs';

/** The fake's default page (fake-meta.ts): every bench owner connects this one, in turn. */
export const FAKE_PAGE_ID = '20001';

/**
 * Starts the fake Meta on `port`, posting its delivery/read webhooks to `webhookUrl`, with the stack's
 * app credentials. Resolves with its base URL once it answers.
 */
export async function startFakeMeta({ root, port, webhookUrl, env, logFile }) {
  const url = `http://127.0.0.1:${port}`;
  spawnNode('fake-meta', path.join(root, 'apps/integrations-service/src/testing/fake-meta/main.ts'), [], {
    cwd: root,
    nodeArgs: ['-r', '@swc-node/register'],
    env: {
      ...process.env,
      SWC_NODE_PROJECT: path.join(root, 'tsconfig.json'),
      FAKE_META_PORT: String(port),
      FAKE_META_WEBHOOK_URL: webhookUrl,
      META_APP_ID: env.META_APP_ID,
      META_APP_SECRET: env.META_APP_SECRET,
    },
    stdio: ['ignore', logFile, logFile],
  });
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`${url}/_fake/sent`)).ok) return url;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new Error(`the fake Meta did not answer on ${url} within 20 s`);
}

/**
 * Connects the fake's Facebook page to `owner` the way a browser does: connect → Meta's dialog (the fake
 * approves at once) → the callback → /dashboard?connected=facebook. A page left connected to an owner of
 * an interrupted run is released first (one page belongs to one owner).
 */
export async function connectFacebook(ctx, owner) {
  await withDb(ctx.env.DATABASE_URL, (db) =>
    db.query(`delete from integrations_service.pages where platform = 'facebook' and page_id = $1`, [FAKE_PAGE_ID]),
  );
  const headers = { cookie: owner.cookie, origin: ctx.gatewayUrl };
  const connect = await fetch(`${ctx.gatewayUrl}/api/auth/facebook/connect`, { headers });
  if (!connect.ok) throw new Error(`connect answered ${connect.status}: ${await connect.text()}`);
  const { authUrl } = await connect.json();
  const dialog = await fetch(authUrl, { redirect: 'manual' });
  const callback = dialog.headers.get('location');
  if (!callback) throw new Error(`the fake's dialog answered ${dialog.status} without a redirect`);
  const done = await fetch(callback, { headers, redirect: 'manual' });
  const landed = done.headers.get('location') ?? '';
  if (!landed.includes('connected=facebook')) throw new Error(`the callback ended on ${landed || done.status}`);
}

/** A Messenger text message from customer `psid` to the page, as Meta posts it. */
export function messengerText({ psid, text, mid, timestamp = Date.now() }) {
  return {
    object: 'page',
    entry: [
      {
        id: FAKE_PAGE_ID,
        time: timestamp,
        messaging: [
          {
            sender: { id: psid },
            recipient: { id: FAKE_PAGE_ID },
            timestamp,
            message: { mid, text },
          },
        ],
      },
    ],
  };
}

/** The X-Hub-Signature-256 header of `payload` (a string) under the app secret. */
export function signature(appSecret, payload) {
  return `sha256=${createHmac('sha256', appSecret).update(payload).digest('hex')}`;
}
