#!/usr/bin/env node
// The landing page's product tour ("Watch demo"): screenshots of the product itself, one set per language,
// written to apps/web/public/tour/<lang>/<screen>.webp (1280x800, ≤ ~120 KB each).
//
// Re-run it when a screen changes:
//   1. build and start a stack of your own (web included), e.g.
//        npx nx run-many -t build
//        PORT=3177 DATABASE_URL=postgres://postgres@127.0.0.1:5432/parley_tour NATS_PREFIX=tour. \
//          REDIS_PREFIX=parley-tour PUBLIC_URL=http://127.0.0.1:3177 node tools/start.mjs --no-build
//   2. node tools/tour/capture.mjs http://127.0.0.1:3177        (add a language to make only that one: en ar es)
//   3. look at the images, stop the stack, drop the database.
// For each language it registers a new owner over the API (in development the answer carries the
// verification link), signs in, seeds a shop in that language (AI config, products, knowledge, simulated
// customer messages and a reply), then drives /usr/bin/chromium with the language set in localStorage
// (`parley.language`). The screenshot is encoded to WebP by Chromium's own canvas: no image library.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { SEEDS } from './seed-data.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const base = process.argv[2] ?? 'http://127.0.0.1:3000';
const languages = process.argv.slice(3).length > 0 ? process.argv.slice(3) : ['en', 'ar', 'es'];
const MAX_BYTES = 120 * 1024;

/** The screens of the tour, in its order; the names are the files' and the captions' keys. */
const SCREENS = [
  { name: 'dashboard', path: () => '/', ready: 'recent-message' },
  { name: 'inbox', path: (seeded) => `/inbox?customer=${seeded.threadCustomerId}`, ready: 'thread-header' },
  { name: 'training', path: () => '/ai-training', ready: null, tab: 1 },
  { name: 'products', path: () => '/products', ready: null },
  { name: 'customers', path: () => '/customers', ready: null },
];

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
try {
  for (const language of languages) {
    const seed = SEEDS[language];
    if (!seed) throw new Error(`no seed data for ${language} (en, ar, es)`);
    const context = await browser.newContext({
      baseURL: base,
      viewport: { width: 1280, height: 800 },
      locale: language,
      extraHTTPHeaders: { origin: new URL(base).origin },
    });
    await context.addInitScript(
      ([lang]) => {
        localStorage.setItem('parley.language', lang);
        localStorage.setItem('parley.welcomeSeen', 'true');
      },
      [language],
    );
    const seeded = await seedShop(context.request, seed, language);
    const page = await context.newPage();
    const out = path.join(root, 'apps/web/public/tour', language);
    await mkdir(out, { recursive: true });
    for (const screen of SCREENS) {
      await page.goto(screen.path(seeded));
      if (screen.ready) await page.getByTestId(screen.ready).first().waitFor();
      // AI Training opens on its documents: the tour shows the knowledge base, its second tab.
      if (screen.tab !== undefined) await page.getByRole('tab').nth(screen.tab).click();
      await page.waitForLoadState('networkidle');
      // Toasts and antd's motion settle before the picture.
      await page.waitForTimeout(800);
      const png = await page.screenshot({ type: 'png' });
      const webp = await toWebp(page, png);
      await writeFile(path.join(out, `${screen.name}.webp`), webp);
      console.log(`${language}/${screen.name}.webp ${Math.round(webp.length / 1024)} KB`);
    }
    await context.close();
  }
} finally {
  await browser.close();
}

/** A new owner with a shop in `language`; answers what the screens need (the customer whose thread is shown). */
async function seedShop(api, seed, language) {
  const email = `${seed.owner}.${Date.now() % 1000}@parley.example`;
  const password = 'Tour#2026-demo!';
  const registered = await expectOk(
    api.post('/api/auth/register', { data: { email, password, language } }),
    'register',
  );
  if (!registered.verificationUrl) throw new Error('register gave no verificationUrl: run the stack in development');
  await expectOk(api.get(registered.verificationUrl), 'verify');
  await expectOk(api.post('/api/auth/login', { data: { email, password } }), 'login');
  await expectOk(api.put('/api/ai-config', { data: { ...seed.aiConfig, autoRespond: false } }), 'ai-config');
  for (const product of seed.products) await expectOk(api.post('/api/products', { data: product }), 'product');
  for (const item of seed.knowledge) await expectOk(api.post('/api/ai/knowledge', { data: item }), 'knowledge');
  let threadCustomerId;
  for (const message of seed.messages) {
    const stored = await expectOk(api.post('/api/simulate-message', { data: message }), 'simulate-message');
    threadCustomerId ??= stored.customerId;
  }
  for (const content of seed.replies) {
    await expectOk(api.post('/api/messages/reply', { data: { customerId: threadCustomerId, content } }), 'reply');
  }
  if (seed.followUp) await expectOk(api.post('/api/simulate-message', { data: seed.followUp }), 'follow-up');
  return { threadCustomerId };
}

async function expectOk(request, what) {
  const response = await request;
  const text = await response.text();
  if (!response.ok()) throw new Error(`${what}: ${response.status()} ${text}`);
  return response.headers()['content-type']?.includes('json') ? JSON.parse(text) : {};
}

/** The PNG as WebP, encoded by the browser; the quality steps down until it fits in MAX_BYTES. */
async function toWebp(page, png) {
  for (const quality of [0.8, 0.7, 0.6, 0.5]) {
    const base64 = await page.evaluate(
      async ([data, q]) => {
        const image = new Image();
        image.src = `data:image/png;base64,${data}`;
        await image.decode();
        const canvas = document.createElement('canvas');
        canvas.width = image.naturalWidth;
        canvas.height = image.naturalHeight;
        canvas.getContext('2d').drawImage(image, 0, 0);
        return canvas.toDataURL('image/webp', q).split(',')[1];
      },
      [png.toString('base64'), quality],
    );
    const bytes = Buffer.from(base64, 'base64');
    if (bytes.length <= MAX_BYTES) return bytes;
  }
  throw new Error('a screenshot does not fit in 120 KB as WebP');
}
