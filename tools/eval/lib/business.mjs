// Loading a set's business into an owner's account through the public API, as an owner would through the
// web app: the AI configuration, the products, the knowledge items, then the training documents.
import { api } from '../../bench/lib/owners.mjs';

/** A document is read by a job; on this shared 2-core machine a 25-page PDF can take a while. */
const DOCUMENT_TIMEOUT_MS = 300_000;

/**
 * PUT /api/ai-config, POST /api/products for each product, POST /api/ai/knowledge for each item. Returns
 * { knowledge: number stored, or null when the knowledge API answers 404 (not there yet) }.
 */
export async function loadBusiness(ctx, owner, business) {
  const saved = (await api(ctx, owner, 'PUT', '/api/ai-config', business.config)).body;
  if (!saved.setupCompleted) throw new Error('the AI configuration was saved but setupCompleted is false');
  for (const product of business.products) await api(ctx, owner, 'POST', '/api/products', product);
  let stored = 0;
  for (const item of business.knowledge) {
    try {
      await api(ctx, owner, 'POST', '/api/ai/knowledge', item);
      stored++;
    } catch (error) {
      if (stored === 0 && / answered 404:/.test(error.message)) return { knowledge: null };
      throw error;
    }
  }
  return { knowledge: stored };
}

/**
 * Uploads one training document as the AI Training screen does (POST /api/ai/upload-document, multipart,
 * field `document`) and polls GET /api/ai/training-documents until the job has read it. Throws when it
 * ends `failed` or is not done in time. → the document as listed, with the seconds it took.
 */
export async function uploadDocument(ctx, owner, { fileName, type, bytes }) {
  const started = Date.now();
  const form = new FormData();
  form.append('document', new Blob([bytes], { type }), fileName);
  const res = await fetch(`${ctx.gatewayUrl}/api/ai/upload-document`, {
    method: 'POST',
    headers: { cookie: owner.cookie, origin: ctx.gatewayUrl },
    body: form,
  });
  const text = await res.text();
  if (res.status !== 201)
    throw new Error(`POST /api/ai/upload-document answered ${res.status}: ${text.slice(0, 300)}`);
  const { id } = JSON.parse(text);
  while (Date.now() - started < DOCUMENT_TIMEOUT_MS) {
    const { body: listed } = await api(ctx, owner, 'GET', '/api/ai/training-documents');
    const document = listed.find((d) => d.id === id);
    if (!document) throw new Error(`${fileName} (${id}) is not in GET /api/ai/training-documents`);
    if (document.status === 'completed') return { ...document, seconds: (Date.now() - started) / 1000 };
    if (document.status === 'failed')
      throw new Error(`${fileName} could not be processed: ${document.processingError ?? 'no reason given'}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${fileName} was not processed within ${DOCUMENT_TIMEOUT_MS / 1000} s`);
}
