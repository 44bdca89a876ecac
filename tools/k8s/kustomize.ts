/**
 * A small kustomize for Parley's own manifests in k8s/, so the tests can render the base and the
 * overlays without kubectl or kustomize. It implements exactly the kustomization features k8s/
 * uses, with kustomize's semantics, and throws on anything else: a field real kustomize would
 * apply can never be silently ignored here. Supported:
 *
 *   resources        YAML files (any number of documents) and directories holding a kustomization
 *   namespace        set on every object (only namespaced kinds are accepted, see KINDS)
 *   labels           `pairs` on every object's labels and, with `includeTemplates`, on pod
 *                    templates; never on selectors (`includeSelectors` is refused)
 *   images           `newName` / `newTag` for containers whose image name matches `name`
 *   replicas         `count` for the Deployment called `name`
 *   patches          `path` to one strategic-merge patch, targeted by its apiVersion, kind and
 *                    name: maps merge, `null` deletes, `containers` merge by name, other lists
 *                    are refused (their merge rules differ per field)
 *   secretGenerator  `behavior: replace` from `envs` files, with
 *                    `generatorOptions.disableNameSuffixHash: true` (no hash suffix to propagate)
 *
 * Order as in kustomize: resources, generators, patches, namespace, labels, replicas, images.
 * YAML is read as 1.1, like kubectl (an unquoted `yes` is a boolean).
 *
 * Print a rendering: node -r @swc-node/register tools/k8s/kustomize.ts k8s/overlays/production
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseAllDocuments, stringify } from 'yaml';

type Obj = Record<string, unknown>;

export interface K8sObject extends Obj {
  apiVersion: string;
  kind: string;
  metadata: Obj & { name: string; namespace?: string; labels?: Record<string, string> };
}

/** The kinds k8s/ uses; all namespaced, and the transformers below know where their fields are. */
const KINDS = [
  'ConfigMap',
  'Secret',
  'Service',
  'Deployment',
  'HorizontalPodAutoscaler',
  'PodDisruptionBudget',
];

const FIELDS = [
  'apiVersion',
  'kind',
  'resources',
  'namespace',
  'labels',
  'images',
  'replicas',
  'patches',
  'secretGenerator',
  'generatorOptions',
];

/** Strategic-merge keys of the lists a patch may touch. */
const LIST_MERGE_KEYS: Record<string, string> = { containers: 'name' };

/** Renders the kustomization in `dir` (kustomization.yaml) into the objects kustomize would emit. */
export function kustomize(dir: string): K8sObject[] {
  const root = path.resolve(dir);
  const file = path.join(root, 'kustomization.yaml');
  const where = path.relative(process.cwd(), file);
  const docs = readYaml(file);
  if (docs.length !== 1 || !isObj(docs[0])) throw new Error(`${where}: expected one YAML mapping`);
  const k = docs[0];
  checkKeys(k, FIELDS, where);
  if (k.apiVersion !== undefined && k.apiVersion !== 'kustomize.config.k8s.io/v1beta1') {
    throw new Error(`${where}: unsupported apiVersion ${String(k.apiVersion)}`);
  }
  if (k.kind !== undefined && k.kind !== 'Kustomization') {
    throw new Error(`${where}: kind must be Kustomization`);
  }

  let objects = list(k.resources, `${where} resources`).flatMap((entry) =>
    loadResource(root, str(entry, `${where} resources`), where),
  );
  assertUnique(objects, where);
  generateSecrets(root, k, objects, where);
  for (const entry of list(k.patches, `${where} patches`)) {
    objects = applyPatch(root, obj(entry, `${where} patches`), objects, where);
  }
  if (k.namespace !== undefined) {
    const namespace = str(k.namespace, `${where} namespace`);
    for (const o of objects) o.metadata.namespace = namespace;
  }
  for (const entry of list(k.labels, `${where} labels`)) {
    addLabels(obj(entry, `${where} labels`), objects, where);
  }
  for (const entry of list(k.replicas, `${where} replicas`)) {
    setReplicas(obj(entry, `${where} replicas`), objects, where);
  }
  for (const entry of list(k.images, `${where} images`)) {
    setImage(obj(entry, `${where} images`), objects, where);
  }
  return objects;
}

function loadResource(root: string, entry: string, where: string): K8sObject[] {
  if (/^[a-z]+:\/\/|^github\.com\//.test(entry)) {
    throw new Error(`${where}: remote resource ${entry} not supported`);
  }
  const target = path.resolve(root, entry);
  if (statSync(target).isDirectory()) return kustomize(target);
  const file = inside(root, entry, where);
  return readYaml(file).map((doc, i) =>
    toK8sObject(doc, `${path.relative(process.cwd(), file)} document ${i + 1}`),
  );
}

function toK8sObject(doc: unknown, where: string): K8sObject {
  const o = obj(doc, where);
  str(o.apiVersion, `${where} apiVersion`);
  const kind = str(o.kind, `${where} kind`);
  if (!KINDS.includes(kind)) {
    throw new Error(`${where}: kind ${kind} not supported (supported: ${KINDS.join(', ')})`);
  }
  str(obj(o.metadata, `${where} metadata`).name, `${where} metadata.name`);
  return o as K8sObject;
}

function assertUnique(objects: K8sObject[], where: string): void {
  const seen = new Set<string>();
  for (const o of objects) {
    const id = `${o.kind} ${o.metadata.namespace ?? ''}/${o.metadata.name}`;
    if (seen.has(id)) throw new Error(`${where}: ${id} is defined twice`);
    seen.add(id);
  }
}

function generateSecrets(root: string, k: Obj, objects: K8sObject[], where: string): void {
  if (k.generatorOptions !== undefined) {
    const options = obj(k.generatorOptions, `${where} generatorOptions`);
    checkKeys(options, ['disableNameSuffixHash'], `${where} generatorOptions`);
  }
  const generators = list(k.secretGenerator, `${where} secretGenerator`);
  if (generators.length === 0) return;
  if (!isObj(k.generatorOptions) || k.generatorOptions.disableNameSuffixHash !== true) {
    throw new Error(
      `${where}: name-suffix hashes are not supported; set generatorOptions.disableNameSuffixHash: true`,
    );
  }
  for (const entry of generators) {
    const g = obj(entry, `${where} secretGenerator`);
    checkKeys(g, ['name', 'behavior', 'envs'], `${where} secretGenerator`);
    const name = str(g.name, `${where} secretGenerator name`);
    if (g.behavior !== 'replace') {
      throw new Error(`${where}: secretGenerator ${name}: only behavior: replace is supported`);
    }
    const data: Record<string, string> = {};
    for (const envs of list(g.envs, `${where} secretGenerator ${name} envs`)) {
      const file = inside(root, str(envs, `${where} secretGenerator ${name} envs`), where);
      if (!statSync(file, { throwIfNoEntry: false })?.isFile()) {
        throw new Error(
          `${where}: secretGenerator ${name}: ${path.relative(process.cwd(), file)} does not exist`,
        );
      }
      for (const [key, value] of readEnvFile(file)) {
        if (key in data) throw new Error(`${where}: secretGenerator ${name}: key ${key} given twice`);
        data[key] = Buffer.from(value).toString('base64');
      }
    }
    const target = findOne(objects, 'v1', 'Secret', name, `${where}: secretGenerator ${name} (replace)`);
    // kustomize keeps the replaced object's metadata and takes the generated data and type.
    delete target.stringData;
    target.type = 'Opaque';
    target.data = data;
  }
}

/** An env file as kustomize reads it: KEY=value lines, # comments; the value is taken verbatim. */
function readEnvFile(file: string): [string, string][] {
  return readFileSync(file, 'utf8')
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .map((line) => line.trimStart())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const at = line.indexOf('=');
      if (at < 0) {
        throw new Error(`${file}: ${line} has no "=value" (values from the environment are not supported)`);
      }
      const key = line.slice(0, at);
      if (!/^[-._a-zA-Z][-._a-zA-Z0-9]*$/.test(key)) throw new Error(`${file}: invalid key ${key}`);
      return [key, line.slice(at + 1)];
    });
}

function applyPatch(root: string, entry: Obj, objects: K8sObject[], where: string): K8sObject[] {
  checkKeys(entry, ['path'], `${where} patches`);
  const file = inside(root, str(entry.path, `${where} patches path`), where);
  const label = path.relative(process.cwd(), file);
  const docs = readYaml(file);
  if (docs.length !== 1) throw new Error(`${label}: a patch file must hold exactly one document`);
  const patch = toK8sObject(docs[0], label);
  const target = findOne(
    objects,
    patch.apiVersion,
    patch.kind,
    patch.metadata.name,
    `${label}: patch target`,
  );
  const merged = mergeValue(target, patch, label, '') as K8sObject;
  return objects.map((o) => (o === target ? merged : o));
}

function mergeValue(base: unknown, patch: unknown, label: string, at: string): unknown {
  if (Array.isArray(patch)) {
    const field = at.slice(at.lastIndexOf('.') + 1);
    const key = LIST_MERGE_KEYS[field];
    if (!key) {
      throw new Error(
        `${label}: ${at}: patching this list is not supported (only ${Object.keys(LIST_MERGE_KEYS)})`,
      );
    }
    const result = Array.isArray(base) ? [...base] : [];
    for (const item of patch) {
      const id = str(obj(item, `${label}: ${at}[]`)[key], `${label}: ${at}[].${key}`);
      const i = result.findIndex((existing) => isObj(existing) && existing[key] === id);
      const merged = mergeValue(i < 0 ? undefined : result[i], item, label, `${at}[${id}]`);
      if (i < 0) result.push(merged);
      else result[i] = merged;
    }
    return result;
  }
  if (!isObj(patch)) return patch;
  const result: Obj = isObj(base) ? { ...base } : {};
  for (const [key, value] of Object.entries(patch)) {
    if (key.startsWith('$')) throw new Error(`${label}: ${at}.${key}: patch directives are not supported`);
    if (value === null) delete result[key];
    else result[key] = mergeValue(result[key], value, label, `${at}.${key}`);
  }
  return result;
}

function addLabels(entry: Obj, objects: K8sObject[], where: string): void {
  checkKeys(entry, ['pairs', 'includeSelectors', 'includeTemplates'], `${where} labels`);
  if (entry.includeSelectors !== undefined && entry.includeSelectors !== false) {
    throw new Error(`${where}: labels.includeSelectors is not supported (selectors are immutable)`);
  }
  const pairs = obj(entry.pairs, `${where} labels pairs`);
  for (const [key, value] of Object.entries(pairs)) str(value, `${where} labels ${key}`);
  for (const o of objects) {
    o.metadata.labels = { ...o.metadata.labels, ...(pairs as Record<string, string>) };
    if (entry.includeTemplates === true && o.kind === 'Deployment') {
      const template = obj(obj(o.spec, `${o.metadata.name} spec`).template, `${o.metadata.name} template`);
      const metadata = (template.metadata ??= {}) as Obj;
      metadata.labels = { ...(metadata.labels as Obj | undefined), ...pairs };
    }
  }
}

function setReplicas(entry: Obj, objects: K8sObject[], where: string): void {
  checkKeys(entry, ['name', 'count'], `${where} replicas`);
  const name = str(entry.name, `${where} replicas name`);
  if (!Number.isInteger(entry.count)) throw new Error(`${where}: replicas ${name}: count must be an integer`);
  const deployment = findOne(objects, 'apps/v1', 'Deployment', name, `${where}: replicas ${name}`);
  obj(deployment.spec, `${name} spec`).replicas = entry.count;
}

function setImage(entry: Obj, objects: K8sObject[], where: string): void {
  checkKeys(entry, ['name', 'newName', 'newTag'], `${where} images`);
  const name = str(entry.name, `${where} images name`);
  const newName =
    entry.newName === undefined ? undefined : str(entry.newName, `${where} images ${name} newName`);
  const newTag = entry.newTag === undefined ? undefined : str(entry.newTag, `${where} images ${name} newTag`);
  let matched = false;
  for (const o of objects.filter((o) => o.kind === 'Deployment')) {
    const pod = obj(obj(obj(o.spec, 'spec').template, 'template').spec, 'pod spec');
    for (const container of [
      ...list(pod.initContainers, 'initContainers'),
      ...list(pod.containers, 'containers'),
    ]) {
      const c = obj(container, `${o.metadata.name} container`);
      // name[:tag][@digest]; a registry port (host:5000/x) is not a tag.
      const [ref, digest] = str(c.image, `${o.metadata.name} image`).split('@');
      const colon = ref.lastIndexOf(':');
      const hasTag = colon > ref.lastIndexOf('/');
      const imageName = hasTag ? ref.slice(0, colon) : ref;
      if (imageName !== name) continue;
      matched = true;
      const suffix =
        newTag !== undefined
          ? `:${newTag}`
          : `${hasTag ? ref.slice(colon) : ''}${digest ? `@${digest}` : ''}`;
      c.image = `${newName ?? imageName}${suffix}`;
    }
  }
  if (!matched) throw new Error(`${where}: images: ${name} matches no container image`);
}

function findOne(
  objects: K8sObject[],
  apiVersion: string,
  kind: string,
  name: string,
  what: string,
): K8sObject {
  const found = objects.filter(
    (o) => o.apiVersion === apiVersion && o.kind === kind && o.metadata.name === name,
  );
  if (found.length !== 1) {
    throw new Error(`${what}: ${found.length} objects match ${apiVersion} ${kind} ${name}`);
  }
  return found[0];
}

/** A file path of a kustomization: like kustomize, refuse files outside its directory. */
function inside(root: string, entry: string, where: string): string {
  const file = path.resolve(root, entry);
  if (!file.startsWith(root + path.sep)) {
    throw new Error(`${where}: ${entry} is outside the kustomization directory`);
  }
  return file;
}

function readYaml(file: string): unknown[] {
  return parseAllDocuments(readFileSync(file, 'utf8'), { version: '1.1' })
    .map((doc) => {
      if (doc.errors.length > 0) throw new Error(`${file}: ${doc.errors[0].message}`);
      return doc.toJS() as unknown;
    })
    .filter((doc) => doc !== null && doc !== undefined);
}

function checkKeys(o: Obj, allowed: string[], where: string): void {
  for (const key of Object.keys(o)) {
    if (!allowed.includes(key)) {
      throw new Error(`${where}: field "${key}" is not supported (supported: ${allowed.join(', ')})`);
    }
  }
}

function isObj(value: unknown): value is Obj {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function obj(value: unknown, where: string): Obj {
  if (!isObj(value)) throw new Error(`${where}: expected a mapping`);
  return value;
}

function list(value: unknown, where: string): unknown[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw new Error(`${where}: expected a list`);
  return value;
}

function str(value: unknown, where: string): string {
  if (typeof value !== 'string' || value === '') throw new Error(`${where}: expected a non-empty string`);
  return value;
}

if (require.main === module) {
  const [dir] = process.argv.slice(2);
  if (!dir) {
    console.error('usage: node -r @swc-node/register tools/k8s/kustomize.ts <kustomization directory>');
    process.exit(2);
  }
  try {
    process.stdout.write(
      kustomize(dir)
        .map((o) => stringify(o))
        .join('---\n'),
    );
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
