import * as path from 'node:path';
import { formatFiles, generateFiles, names, type Tree } from '@nx/devkit';
import * as ts from 'typescript';

/** `npx nx g @parley/tools:feature <service> <name>`; see schema.json and docs/architecture.md. */
export interface FeatureGeneratorSchema {
  service: string;
  name: string;
  singular?: string;
  skipFormat?: boolean;
}

/** Everything the templates and the registrations need, derived once from the two arguments. */
export interface FeatureOptions {
  /** `catalogue-service` */
  service: string;
  /** `catalogue`: the contracts folder and the subjects' first token. */
  short: string;
  /** `widgets`: the folder, the table (snake-cased) and the subjects' second token. */
  name: string;
  /** `widget` */
  singular: string;
  /** Widgets, widgets, WIDGETS, widgets */
  feature: ReturnType<typeof names>;
  /** Widget, widget, WIDGET, widget */
  entity: ReturnType<typeof names>;
  /** `Widget`, `widgets`: for messages and comments. */
  label: string;
  labelPlural: string;
  table: string;
  /** The PostgreSQL schema the service owns (`catalogue_service`). */
  schemaName: string;
  /** The app module's factory (`catalogueServiceModule`). */
  moduleFunction: string;
  /** `20261201120000` */
  timestamp: string;
  migration: string;
}

const KEBAB = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;
const CONTRACTS = 'libs/contracts/src';

export async function featureGenerator(tree: Tree, schema: FeatureGeneratorSchema): Promise<void> {
  const options = normalize(tree, schema);
  refuseTakenNames(tree, options);
  generateFiles(tree, path.join(__dirname, 'files'), '.', { ...options, tmpl: '' });
  registerInAppModule(tree, options);
  registerMigration(tree, options);
  exportContracts(tree, options);
  if (!schema.skipFormat) await formatFiles(tree);
}

export default featureGenerator;

export function normalize(tree: Tree, schema: FeatureGeneratorSchema): FeatureOptions {
  const service = schema.service?.trim() ?? '';
  const name = schema.name?.trim() ?? '';
  if (!service.endsWith('-service') || !KEBAB.test(service)) {
    throw new Error(`"${service}" is not a service: expected the name of an app like catalogue-service.`);
  }
  if (!tree.exists(appModulePath(service))) {
    throw new Error(`${appModulePath(service)} does not exist: is "${service}" one of apps/*-service?`);
  }
  if (!KEBAB.test(name)) {
    throw new Error(
      `"${name}" is not a feature name: expected plural kebab-case, like widgets or price-lists.`,
    );
  }
  const singular = schema.singular?.trim() || singularOf(name);
  if (!KEBAB.test(singular) || singular === name) {
    throw new Error(`Cannot tell one "${name}" from many: pass --singular=<one ${name} in kebab-case>.`);
  }
  if (tree.exists(`apps/${service}/src/${name}`)) {
    throw new Error(`apps/${service}/src/${name} exists already.`);
  }
  const short = service.slice(0, -'-service'.length);
  const timestamp = nextMigrationTimestamp(tree, service);
  const human = singular.replace(/-/g, ' ');
  return {
    service,
    short,
    name,
    singular,
    feature: names(name),
    entity: names(singular),
    label: human.charAt(0).toUpperCase() + human.slice(1),
    labelPlural: name.replace(/-/g, ' '),
    table: name.replace(/-/g, '_'),
    schemaName: service.replace(/-/g, '_'),
    moduleFunction: `${names(service).propertyName}Module`,
    timestamp,
    migration: `Migration${timestamp}`,
  };
}

/** widgets → widget, categories → category, boxes → box, addresses → address; the rest: pass --singular. */
export function singularOf(plural: string): string {
  if (/ies$/.test(plural)) return plural.replace(/ies$/, 'y');
  if (/(s|x|z|ch|sh)es$/.test(plural)) return plural.replace(/es$/, '');
  if (/[^s]s$/.test(plural)) return plural.slice(0, -1);
  return plural;
}

function appModulePath(service: string): string {
  return `apps/${service}/src/app.module.ts`;
}

function migrationsIndexPath(service: string): string {
  return `apps/${service}/src/migrations/index.ts`;
}

/** Now in UTC as yyyyMMddHHmmss, or one more than the service's newest migration if that is later. */
function nextMigrationTimestamp(tree: Tree, service: string): string {
  const now = new Date().toISOString().replace(/[-:T]/g, '').slice(0, 14);
  const index = tree.read(migrationsIndexPath(service), 'utf-8') ?? '';
  const newest = [...index.matchAll(/Migration(\d{14})/g)]
    .map((m) => m[1])
    .sort()
    .at(-1);
  return newest !== undefined && newest >= now ? String(Number(newest) + 1) : now;
}

/** The contracts are one flat export: a name another file exports already would be ambiguous. */
function refuseTakenNames(tree: Tree, o: FeatureOptions): void {
  const wanted = [
    `${o.feature.constantName}_SUBJECTS`,
    `Create${o.entity.className}Dto`,
    `Update${o.entity.className}Dto`,
    `${o.entity.className}Response`,
  ];
  const taken: string[] = [];
  visitTs(tree, CONTRACTS, (file, text) => {
    for (const m of text.matchAll(
      /export\s+(?:declare\s+)?(?:abstract\s+)?(?:class|interface|type|const|enum|function)\s+(\w+)/g,
    )) {
      if (wanted.includes(m[1])) taken.push(`${m[1]} (${file})`);
    }
  });
  if (tree.exists(`${CONTRACTS}/${o.short}/${o.name}`))
    taken.push(`the folder ${CONTRACTS}/${o.short}/${o.name}`);
  if (taken.length > 0) {
    throw new Error(
      `The contracts have these already: ${taken.join(', ')}. Move or rename them first (or choose another name).`,
    );
  }
}

function visitTs(tree: Tree, dir: string, visit: (file: string, text: string) => void): void {
  for (const child of tree.children(dir)) {
    const file = `${dir}/${child}`;
    if (tree.isFile(file)) {
      if (file.endsWith('.ts')) visit(file, tree.read(file, 'utf-8') ?? '');
    } else {
      visitTs(tree, file, visit);
    }
  }
}

/** The feature module into the returned module's `imports`, its entity into the ORM's `entities`. */
function registerInAppModule(tree: Tree, o: FeatureOptions): void {
  const file = appModulePath(o.service);
  const source = parse(tree, file);
  if (!source.text.includes(`export function ${o.moduleFunction}(`)) {
    throw new Error(
      `${file} has no ${o.moduleFunction}(config): the generator expects the shape of the other services.`,
    );
  }
  const entities = arrayOf(source, (p) => p.name.getText(source) === 'entities');
  const imports = arrayOf(
    source,
    (p) =>
      p.name.getText(source) === 'imports' &&
      ts.isObjectLiteralExpression(p.parent) &&
      p.parent.properties.some((q) => q.name?.getText(source) === 'module'),
  );
  if (!entities || !imports) {
    throw new Error(
      `${file}: found no ${entities ? 'module `imports: [...]`' : 'ORM `entities: [...]`'} to register in.`,
    );
  }
  apply(tree, file, source.text, [
    afterLastImport(source, [
      `import { ${o.entity.className} } from './${o.name}/${o.entity.fileName}.entity';`,
      `import { ${o.feature.className}Module } from './${o.name}/${o.name}.module';`,
    ]),
    appendElement(entities, o.entity.className),
    appendElement(imports, `${o.feature.className}Module`),
  ]);
}

function registerMigration(tree: Tree, o: FeatureOptions): void {
  const file = migrationsIndexPath(o.service);
  if (!tree.exists(file)) throw new Error(`${file} does not exist.`);
  const source = parse(tree, file);
  let list: ts.ArrayLiteralExpression | undefined;
  const visit = (node: ts.Node): void => {
    if (
      ts.isVariableDeclaration(node) &&
      node.name.getText(source) === 'migrations' &&
      node.initializer &&
      ts.isArrayLiteralExpression(node.initializer)
    ) {
      list = node.initializer;
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  if (!list) throw new Error(`${file}: found no \`export const migrations = [...]\` to register in.`);
  apply(tree, file, source.text, [
    afterLastImport(source, [`import { ${o.migration} } from './${o.migration}';`]),
    appendElement(list, `{ name: '${o.migration}', class: ${o.migration} }`),
  ]);
}

/** One public index per lib: each new contracts file is exported from it, in its service's group. */
function exportContracts(tree: Tree, o: FeatureOptions): void {
  const file = `${CONTRACTS}/index.ts`;
  const dir = `./${o.short}/${o.name}`;
  const lines = [
    `export * from '${dir}/${o.name}.subjects';`,
    `export * from '${dir}/create-${o.entity.fileName}.dto';`,
    `export * from '${dir}/update-${o.entity.fileName}.dto';`,
    `export type * from '${dir}/${o.entity.fileName}.response';`,
  ];
  tree.write(file, withServiceExports(tree.read(file, 'utf-8') ?? '', o.service, lines));
}

/**
 * The contracts index groups its exports by service: a `// catalogue-service: …` comment, then that
 * service's lines up to the next blank line. `lines` go at the end of `service`'s group, or into a new
 * group at the end of the index when the service has none yet.
 */
export function withServiceExports(index: string, service: string, lines: string[]): string {
  const all = index.trimEnd().split('\n');
  const header = all.findIndex((line) => line === `// ${service}` || line.startsWith(`// ${service}:`));
  if (header === -1) return `${[...all, '', `// ${service}`, ...lines].join('\n')}\n`;
  let end = header + 1;
  while (end < all.length && all[end].trim() !== '') end++;
  all.splice(end, 0, ...lines);
  return `${all.join('\n')}\n`;
}

interface Edit {
  at: number;
  text: string;
}

function parse(tree: Tree, file: string): ts.SourceFile {
  return ts.createSourceFile(file, tree.read(file, 'utf-8') ?? '', ts.ScriptTarget.Latest, true);
}

function arrayOf(
  source: ts.SourceFile,
  match: (p: ts.PropertyAssignment) => boolean,
): ts.ArrayLiteralExpression | undefined {
  let found: ts.ArrayLiteralExpression | undefined;
  const visit = (node: ts.Node): void => {
    if (
      !found &&
      ts.isPropertyAssignment(node) &&
      ts.isArrayLiteralExpression(node.initializer) &&
      match(node)
    ) {
      found = node.initializer;
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function afterLastImport(source: ts.SourceFile, lines: string[]): Edit {
  const last = source.statements.filter(ts.isImportDeclaration).at(-1);
  return last ? { at: last.end, text: `\n${lines.join('\n')}` } : { at: 0, text: `${lines.join('\n')}\n` };
}

function appendElement(list: ts.ArrayLiteralExpression, element: string): Edit {
  const last = list.elements.at(-1);
  return last ? { at: last.end, text: `, ${element}` } : { at: list.elements.pos, text: element };
}

/** Applies edits to `text`, last position first, so the earlier positions stay true. */
function apply(tree: Tree, file: string, text: string, edits: Edit[]): void {
  let result = text;
  for (const { at, text: insert } of [...edits].sort((a, b) => b.at - a.at)) {
    result = result.slice(0, at) + insert + result.slice(at);
  }
  tree.write(file, result);
}
