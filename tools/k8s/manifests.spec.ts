/**
 * The deployment files (k8s/, docker/) against what the apps need. k8s/ is rendered by the real
 * kustomize (`kubectl kustomize`, as `kubectl apply -k` would), then every object is checked against
 * the Kubernetes schemas (kubernetes-models) and against Parley's own rules.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Deployment, type IDeployment } from 'kubernetes-models/apps/v1/Deployment';
import {
  HorizontalPodAutoscaler,
  type IHorizontalPodAutoscaler,
} from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import {
  PodDisruptionBudget,
  type IPodDisruptionBudget,
} from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import { ConfigMap, type IConfigMap } from 'kubernetes-models/v1/ConfigMap';
import { type IContainer } from 'kubernetes-models/v1/Container';
import { Secret, type ISecret } from 'kubernetes-models/v1/Secret';
import { Service, type IService } from 'kubernetes-models/v1/Service';
import { parse, parseAllDocuments } from 'yaml';
import { SERVICE_NAMES } from '@parley/contracts';

interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string> };
  [field: string]: unknown;
}

const ROOT = path.resolve(__dirname, '../..');
const SERVICES: readonly string[] = SERVICE_NAMES;
const APPS = ['gateway', ...SERVICES];
const AUTOSCALED = ['gateway', 'messaging-service'];

/** What every app may read (DESIGN.md §5): each must reach every pod through the ConfigMap or Secret. */
const SHARED_ENV = [
  'NODE_ENV',
  'LOG_LEVEL',
  'DATABASE_URL',
  'NATS_URL',
  'REDIS_URL',
  'NATS_PREFIX',
  'PUBLIC_URL',
  'RPC_TIMEOUT_MS',
  'WEB_DIR',
  'TRUST_PROXY',
  'SECRETS_KEY',
  'SMTP_URL',
  'MAIL_FROM',
  'OPENAI_API_KEY',
  'OPENAI_BASE_URL',
  'OPENAI_MODEL',
  'META_APP_ID',
  'META_APP_SECRET',
  'META_VERIFY_TOKEN',
  'META_GRAPH_URL',
  'META_OAUTH_URL',
  'X_CLIENT_ID',
  'X_CLIENT_SECRET',
  'X_CONSUMER_SECRET',
  'X_WEBHOOK_ID',
  'X_APP_BEARER_TOKEN',
  'X_API_URL',
  'X_OAUTH_URL',
  'STRIPE_WEBHOOK_SECRET',
];
const GATEWAY_ONLY = ['RPC_TIMEOUT_MS', 'WEB_DIR', 'TRUST_PROXY'];
/** Values that grant access: they belong in the Secret, never in the ConfigMap. */
const CREDENTIALS = [
  'DATABASE_URL',
  'NATS_URL',
  'REDIS_URL',
  'SECRETS_KEY',
  'SMTP_URL',
  'OPENAI_API_KEY',
  'META_APP_SECRET',
  'META_VERIFY_TOKEN',
  'X_CLIENT_SECRET',
  'X_CONSUMER_SECRET',
  'X_APP_BEARER_TOKEN',
  'STRIPE_WEBHOOK_SECRET',
];

const SCHEMAS: Record<string, (o: K8sObject) => void> = {
  'v1/ConfigMap': (o) => new ConfigMap(o as unknown as IConfigMap).validate(),
  'v1/Secret': (o) => new Secret(unwrapSecretData(o as unknown as ISecret)).validate(),
  'v1/Service': (o) => new Service(o as unknown as IService).validate(),
  'apps/v1/Deployment': (o) => new Deployment(o as unknown as IDeployment).validate(),
  'autoscaling/v2/HorizontalPodAutoscaler': (o) =>
    new HorizontalPodAutoscaler(o as unknown as IHorizontalPodAutoscaler).validate(),
  'policy/v1/PodDisruptionBudget': (o) =>
    new PodDisruptionBudget(o as unknown as IPodDisruptionBudget).validate(),
};

/**
 * kustomize wraps long base64 values of a generated Secret over several lines. The API server reads
 * them with Go's base64 decoder, which ignores line breaks; the schema's `byte` format does not.
 */
function unwrapSecretData(secret: ISecret): ISecret {
  if (!secret.data) return secret;
  const data = Object.entries(secret.data).map(([key, value]) => [key, value.replace(/[\r\n]/g, '')]);
  return { ...secret, data: Object.fromEntries(data) as Record<string, string> };
}

function validateSchema(o: K8sObject): void {
  const validate = SCHEMAS[`${o.apiVersion}/${o.kind}`];
  if (!validate) throw new Error(`no schema registered for ${o.apiVersion} ${o.kind}`);
  validate(o);
}

/** The objects `kubectl kustomize dir` renders; kubectl must be on the PATH (it is on CI). */
function kustomize(dir: string): K8sObject[] {
  let output: string;
  try {
    output = execFileSync('kubectl', ['kustomize', dir], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  } catch (error) {
    const { code, stderr } = error as NodeJS.ErrnoException & { stderr?: string };
    if (code === 'ENOENT') {
      throw new Error(
        'kubectl is not on the PATH: these tests render k8s/ with `kubectl kustomize`. ' +
          'Install kubectl (https://kubernetes.io/docs/tasks/tools/) and run them again.',
      );
    }
    throw new Error(
      `kubectl kustomize ${path.relative(ROOT, dir) || dir} failed: ${stderr?.trim() ?? String(error)}`,
    );
  }
  return parseAllDocuments(output).map((doc) => {
    if (doc.errors.length > 0) throw doc.errors[0];
    return doc.toJS() as K8sObject;
  });
}

/**
 * Renders a copy of k8s/ in a temporary directory, so nothing is written into the repository: the
 * production overlay gets secrets.env from secrets.env.example (a real secrets.env is never copied).
 */
function renderProduction({ withSecrets }: { withSecrets: boolean }): K8sObject[] {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'parley-k8s-'));
  try {
    const overlay = path.join(tmp, 'k8s/overlays/production');
    cpSync(path.join(ROOT, 'k8s'), path.join(tmp, 'k8s'), {
      recursive: true,
      filter: (source) => path.basename(source) !== 'secrets.env',
    });
    if (withSecrets) {
      writeFileSync(
        path.join(overlay, 'secrets.env'),
        readFileSync(path.join(overlay, 'secrets.env.example')),
      );
    }
    return kustomize(overlay);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

/** Filled before the k8s tests run; without kubectl each of them fails with the message above. */
const renders: Record<'base' | 'production', K8sObject[]> = { base: [], production: [] };

function find<T>(objects: K8sObject[], kind: string, name: string): T {
  const found = objects.find((o) => o.kind === kind && o.metadata.name === name);
  if (!found) throw new Error(`${kind} ${name} not rendered`);
  return found as unknown as T;
}

function containerOf(objects: K8sObject[], app: string): IContainer {
  const containers = find<IDeployment>(objects, 'Deployment', app).spec?.template.spec?.containers ?? [];
  expect(containers.map((c) => c.name)).toEqual([app]);
  return containers[0];
}

function settingsOf(objects: K8sObject[]): {
  config: Record<string, string>;
  secret: Record<string, string>;
} {
  const secret = find<ISecret>(objects, 'Secret', 'parley-secrets');
  return {
    config: find<IConfigMap>(objects, 'ConfigMap', 'parley-config').data ?? {},
    secret: {
      ...secret.stringData,
      ...Object.fromEntries(
        Object.entries(secret.data ?? {}).map(([key, value]) => [
          key,
          Buffer.from(value, 'base64').toString(),
        ]),
      ),
    },
  };
}

/** `250m` → 0.25, `2` → 2, `384Mi` → 402653184. */
function quantity(value: string | number | undefined): number {
  const match = /^(\d+(?:\.\d+)?)(m|Ki|Mi|Gi)?$/.exec(String(value));
  if (!match) throw new Error(`unexpected quantity ${String(value)}`);
  const scale = { m: 1e-3, Ki: 2 ** 10, Mi: 2 ** 20, Gi: 2 ** 30 }[match[2] ?? ''] ?? 1;
  return Number(match[1]) * scale;
}

/** Variables the container image itself sets (the upload readers' child processes get PATH). */
const FROM_THE_IMAGE = new Set(['PATH']);

/**
 * Environment variables the server-side source reads (not web, not tests): `process.env.X`,
 * `process.env['X']`, and the fields of config classes (`class … extends BaseConfig | ServiceConfig`,
 * read by server-kit's loadConfig).
 */
function envReadBySource(): Map<string, string> {
  const found = new Map<string, string>();
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir)) {
      const file = path.join(dir, entry);
      if (statSync(file).isDirectory()) {
        if (!['testing', 'test', '__tests__'].includes(entry)) walk(file);
      } else if (/\.ts$/.test(entry) && !/\.(spec|integration-spec)\.ts$/.test(entry)) {
        const source = readFileSync(file, 'utf8');
        const names = [
          ...source.matchAll(/process\.env(?:\.([A-Z_][A-Z0-9_]*)|\[\s*['"]([A-Z_][A-Z0-9_]*)['"]\s*\])/g),
        ].map((m) => m[1] ?? m[2]);
        if (/class \w+ extends (Base|Service)Config\b|class (Base|Service)Config\b/.test(source)) {
          names.push(...[...source.matchAll(/^ {2}([A-Z][A-Z0-9_]*)\??(?::|\s*=)/gm)].map((m) => m[1]));
        }
        for (const name of names) found.set(name, path.relative(ROOT, file));
      }
    }
  };
  for (const parent of ['apps', 'libs']) {
    for (const project of readdirSync(path.join(ROOT, parent))) {
      const src = path.join(ROOT, parent, project, 'src');
      if (!['web', 'web-e2e'].includes(project) && statSync(src, { throwIfNoEntry: false })?.isDirectory()) {
        walk(src);
      }
    }
  }
  return found;
}

describe('k8s/, rendered by kubectl kustomize', () => {
  beforeAll(() => {
    renders.base = kustomize(path.join(ROOT, 'k8s/base'));
    renders.production = renderProduction({ withSecrets: true });
  });

  describe.each(['base', 'production'] as const)('k8s/%s', (name) => {
    let objects: K8sObject[];
    beforeAll(() => (objects = renders[name]));

    it('renders only objects the Kubernetes schemas accept', () => {
      expect(objects.length).toBeGreaterThan(0);
      for (const o of objects) {
        expect(() => validateSchema(o)).not.toThrow();
      }
    });

    it('labels every object as part of parley', () => {
      for (const o of objects)
        expect(o.metadata.labels).toMatchObject({ 'app.kubernetes.io/part-of': 'parley' });
    });

    it.each(APPS)('runs %s as a hardened Deployment reading parley-config and parley-secrets', (app) => {
      const deployment = find<IDeployment>(objects, 'Deployment', app);
      const labels = { 'app.kubernetes.io/name': app };
      expect(deployment.metadata?.labels).toMatchObject({ ...labels, 'app.kubernetes.io/part-of': 'parley' });
      expect(deployment.spec?.selector.matchLabels).toEqual(labels);
      expect(deployment.spec?.template.metadata?.labels).toMatchObject({
        ...labels,
        'app.kubernetes.io/part-of': 'parley',
      });

      const pod = deployment.spec?.template.spec;
      expect(pod?.terminationGracePeriodSeconds).toBeGreaterThanOrEqual(30);
      expect(pod?.securityContext).toMatchObject({ runAsNonRoot: true, runAsUser: 1000 });

      const container = containerOf(objects, app);
      expect(container.image).toMatch(new RegExp(`(^|/)parley/${app}(:|$)`));
      expect(container.securityContext).toMatchObject({
        allowPrivilegeEscalation: false,
        readOnlyRootFilesystem: true,
        capabilities: { drop: ['ALL'] },
      });
      expect(container.envFrom).toEqual([
        { configMapRef: { name: 'parley-config' } },
        { secretRef: { name: 'parley-secrets' } },
      ]);
      for (const kind of ['requests', 'limits'] as const) {
        expect(Object.keys(container.resources?.[kind] ?? {}).sort()).toEqual(['cpu', 'memory']);
      }
    });

    it('probes the gateway on its health routes and serves it on port 80', () => {
      const gateway = containerOf(objects, 'gateway');
      expect(gateway.env).toContainEqual({ name: 'PORT', value: '3000' });
      expect(gateway.ports).toEqual([{ name: 'http', containerPort: 3000 }]);
      expect(gateway.livenessProbe?.httpGet).toEqual({ path: '/api/health/live', port: 'http' });
      expect(gateway.readinessProbe?.httpGet).toEqual({ path: '/api/health/ready', port: 'http' });
      expect(find<IService>(objects, 'Service', 'gateway').spec).toMatchObject({
        selector: { 'app.kubernetes.io/name': 'gateway' },
        ports: [{ name: 'http', port: 80, targetPort: 'http' }],
      });
    });

    it.each(SERVICES)('probes %s on HEALTH_PORT 8081 and exposes it as the Service port `health`', (app) => {
      const container = containerOf(objects, app);
      expect(container.env).toContainEqual({ name: 'HEALTH_PORT', value: '8081' });
      expect(container.ports).toEqual([{ name: 'health', containerPort: 8081 }]);
      expect(container.livenessProbe?.httpGet).toEqual({ path: '/livez', port: 'health' });
      expect(container.readinessProbe?.httpGet).toEqual({ path: '/readyz', port: 'health' });
      expect(find<IService>(objects, 'Service', app).spec).toMatchObject({
        selector: { 'app.kubernetes.io/name': app },
        ports: [{ name: 'health', port: 8081, targetPort: 'health' }],
      });
    });

    it('gives every app every setting, with credentials only in the Secret', () => {
      const { config, secret } = settingsOf(objects);
      const shared = new Set([...Object.keys(config), ...Object.keys(secret)]);
      expect(SHARED_ENV.filter((key) => !shared.has(key))).toEqual([]);
      expect(CREDENTIALS.filter((key) => key in config || !(key in secret))).toEqual([]);

      const perContainer = new Set(
        APPS.flatMap((app) => (containerOf(objects, app).env ?? []).map((e) => e.name)),
      );
      const unsupplied = [...envReadBySource()]
        .filter(([key]) => !shared.has(key) && !perContainer.has(key) && !FROM_THE_IMAGE.has(key))
        .map(([key, file]) => `${key} (read in ${file}): add it to k8s/base/config.yaml or secret.yaml`);
      expect(unsupplied).toEqual([]);
    });

    it.each(AUTOSCALED)('autoscales %s on CPU, leaving its replica count to the HPA', (app) => {
      const hpa = find<IHorizontalPodAutoscaler>(objects, 'HorizontalPodAutoscaler', app);
      expect(hpa.spec?.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name: app });
      expect(hpa.spec?.metrics?.map((m) => m.resource?.name)).toEqual(['cpu']);
      expect(find<IDeployment>(objects, 'Deployment', app).spec?.replicas).toBeUndefined();
    });

    it('lets voluntary disruptions take one pod of an app at a time', () => {
      for (const app of APPS) {
        expect(find<IPodDisruptionBudget>(objects, 'PodDisruptionBudget', app).spec).toEqual({
          maxUnavailable: 1,
          selector: { matchLabels: { 'app.kubernetes.io/name': app } },
        });
      }
    });
  });

  describe('k8s/overlays/production', () => {
    let objects: K8sObject[];
    beforeAll(() => (objects = renders.production));

    it('puts everything in namespace parley', () => {
      expect(objects.filter((o) => o.metadata.namespace !== 'parley')).toEqual([]);
    });

    it.each(APPS)('keeps at least two pods of %s', (app) => {
      const minimum = AUTOSCALED.includes(app)
        ? find<IHorizontalPodAutoscaler>(objects, 'HorizontalPodAutoscaler', app).spec?.minReplicas
        : find<IDeployment>(objects, 'Deployment', app).spec?.replicas;
      expect(minimum).toBeGreaterThanOrEqual(2);
    });

    it.each(APPS)('pins the image of %s and raises its resources above the base', (app) => {
      expect(containerOf(objects, app).image).toMatch(
        new RegExp(`^[a-z0-9.-]+/parley/${app}:\\d+\\.\\d+\\.\\d+$`),
      );
      const base = containerOf(renders.base, app).resources;
      const production = containerOf(objects, app).resources;
      for (const kind of ['requests', 'limits'] as const) {
        for (const resource of ['cpu', 'memory']) {
          expect(quantity(production?.[kind]?.[resource])).toBeGreaterThan(
            quantity(base?.[kind]?.[resource]),
          );
        }
      }
    });

    it('runs in production mode behind the ingress', () => {
      expect(settingsOf(objects).config).toMatchObject({ NODE_ENV: 'production', TRUST_PROXY: 'true' });
      expect(settingsOf(objects).config.PUBLIC_URL).toMatch(/^https:\/\//);
    });

    it('takes the credentials from secrets.env, whose example lists every key of the base Secret', () => {
      const secret = find<ISecret>(objects, 'Secret', 'parley-secrets');
      expect(secret.stringData).toBeUndefined();
      expect(Object.keys(secret.data ?? {}).sort()).toEqual(
        Object.keys(settingsOf(renders.base).secret).sort(),
      );
      expect(settingsOf(objects).secret.SECRETS_KEY).toBe('REPLACE_ME');
    });

    it('refuses to render without secrets.env, so placeholder credentials never reach production', () => {
      expect(() => renderProduction({ withSecrets: false })).toThrow(
        /secrets\.env.*no such file or directory/s,
      );
    });
  });

  describe('the schema check', () => {
    it('rejects a Deployment the API server would reject', () => {
      const deployment = structuredClone(find<K8sObject>(renders.base, 'Deployment', 'gateway'));
      (deployment.spec as { replicas: unknown }).replicas = 'two';
      expect(() => validateSchema(deployment)).toThrow(/replicas/);
    });
  });
});

describe('docker/', () => {
  const readCompose = (
    file: string,
  ): { services: Record<string, Record<string, unknown>>; include?: string[] } =>
    parse(readFileSync(path.join(ROOT, 'docker', file), 'utf8'), { merge: true });
  const stack = readCompose('compose.yml');
  const infra = readCompose('compose.infra.yml');

  it('builds every app from docker/Dockerfile with its APP build arg', () => {
    const built = Object.entries(stack.services).filter(([, service]) => service.build !== undefined);
    expect(built.map(([name]) => name).sort()).toEqual([...APPS].sort());
    for (const [name, service] of built) {
      const build = service.build as { context: string; dockerfile: string; args: Record<string, string> };
      expect(path.resolve(ROOT, 'docker', build.context)).toBe(ROOT);
      expect(build.dockerfile).toBe('docker/Dockerfile');
      expect(build.args).toEqual({ APP: name });
    }
  });

  it('wires the shared settings into every app and health checks into the services', () => {
    for (const app of APPS) {
      const env = stack.services[app].environment as Record<string, unknown>;
      const expected =
        app === 'gateway' ? SHARED_ENV : SHARED_ENV.filter((key) => !GATEWAY_ONLY.includes(key));
      expect(expected.filter((key) => !(key in env))).toEqual([]);
      expect(env).toMatchObject({ NODE_ENV: 'production', NATS_URL: 'nats://nats:4222' });
      expect(stack.services[app].depends_on).toMatchObject({ nats: { condition: 'service_healthy' } });
    }
    const probe = (url: string): object => ({
      test: ['CMD', 'node', '-e', expect.stringContaining(`fetch('${url}')`)],
    });
    expect(stack.services.gateway.environment).toMatchObject({ PORT: '3000' });
    expect(stack.services.gateway.ports).toEqual(['127.0.0.1:3000:3000']);
    expect(stack.services.gateway.healthcheck).toMatchObject(probe('http://127.0.0.1:3000/api/health/ready'));
    for (const app of SERVICES) {
      expect(stack.services[app].environment).toMatchObject({ HEALTH_PORT: '8081' });
      expect(stack.services[app].healthcheck).toMatchObject(probe('http://127.0.0.1:8081/readyz'));
    }
  });

  it('runs PostgreSQL, NATS with JetStream and Redis that never evicts queued jobs', () => {
    expect(stack.include).toEqual(['compose.infra.yml']);
    expect(Object.keys(infra.services).sort()).toEqual(['nats', 'postgres', 'redis']);
    const redis = (infra.services.redis.command as string[]).join(' ');
    expect(redis).toContain('--maxmemory-policy noeviction');
    expect(redis).toContain('--appendonly yes');
    expect(infra.services.nats.command).toContain('-js');
    for (const service of Object.values(infra.services)) {
      expect(service.healthcheck).toBeDefined();
      for (const port of service.ports as string[]) expect(port).toMatch(/^127\.0\.0\.1:/);
    }
  });
});
