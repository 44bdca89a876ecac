import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createTreeWithEmptyWorkspace } from '@nx/devkit/testing';
import type { Tree } from '@nx/devkit';
import { featureGenerator, singularOf, withServiceExports } from './generator';

// The generator edits the services' real files, so the virtual workspace starts from them as they are now.
// Prettier is skipped (Jest cannot import() it): what is asserted is what the generator itself writes;
// `npx nx g` formats with the repository's Prettier config.
const root = path.resolve(__dirname, '../../..');
const SEEDED = [
  'apps/catalogue-service/src/app.module.ts',
  'apps/catalogue-service/src/migrations/index.ts',
  'apps/billing-service/src/app.module.ts',
  'apps/billing-service/src/migrations/index.ts',
  'libs/contracts/src/index.ts',
];

function workspace(): Tree {
  const tree = createTreeWithEmptyWorkspace({ formatter: 'none' });
  for (const file of SEEDED) tree.write(file, readFileSync(path.join(root, file), 'utf-8'));
  return tree;
}

const read = (tree: Tree, file: string) => tree.read(file, 'utf-8') ?? '';

describe('@parley/tools:feature', () => {
  it('writes the slice, its migration, contracts and integration spec', async () => {
    const tree = workspace();
    await featureGenerator(tree, { service: 'catalogue-service', name: 'widgets', skipFormat: true });

    const slice = 'apps/catalogue-service/src/widgets';
    for (const file of [
      'widgets.module.ts',
      'widgets.controller.ts',
      'widgets.service.ts',
      'widgets.queries.ts',
      'widget.entity.ts',
      'widgets.mapper.ts',
      'widgets.service.spec.ts',
    ]) {
      expect(tree.exists(`${slice}/${file}`)).toBe(true);
    }
    const contracts = 'libs/contracts/src/catalogue/widgets';
    for (const file of [
      'widgets.subjects.ts',
      'create-widget.dto.ts',
      'update-widget.dto.ts',
      'widget.response.ts',
    ]) {
      expect(tree.exists(`${contracts}/${file}`)).toBe(true);
    }
    expect(tree.exists('apps/catalogue-service/test/widgets.integration-spec.ts')).toBe(true);
    expect(
      tree.children('apps/catalogue-service/src/migrations').filter((f) => /^Migration\d{14}\.ts$/.test(f)),
    ).toHaveLength(1);

    // No template is left unexpanded anywhere.
    const written = tree.listChanges().filter((c) => c.type !== 'DELETE');
    for (const change of written) {
      expect(change.path).not.toMatch(/__\w+__/);
      expect(change.content?.toString()).not.toMatch(/<%|%>/);
    }

    expect(read(tree, `${contracts}/widgets.subjects.ts`)).toContain("create: 'catalogue.widgets.create'");
    expect(read(tree, `${contracts}/widgets.subjects.ts`)).toContain('} as const;');
    expect(read(tree, `${slice}/widgets.queries.ts`)).toContain('this.em.findOne(Widget, { id, ownerId })');
    expect(read(tree, `${slice}/widget.entity.ts`)).toContain("@Entity({ tableName: 'widgets' })");
    expect(read(tree, 'apps/catalogue-service/test/widgets.integration-spec.ts')).toContain(
      "createServiceApp('catalogue-service', catalogueServiceModule(config), config)",
    );
  });

  it('registers the module, the entity, the migration and the contracts exports', async () => {
    const tree = workspace();
    await featureGenerator(tree, { service: 'catalogue-service', name: 'widgets', skipFormat: true });

    const appModule = read(tree, 'apps/catalogue-service/src/app.module.ts');
    expect(appModule).toContain("import { Widget } from './widgets/widget.entity';");
    expect(appModule).toContain("import { WidgetsModule } from './widgets/widgets.module';");
    expect(appModule).toMatch(/entities: \[[^\]]*\bWidget\b[^\]]*\]/);
    expect(appModule).toMatch(
      /imports: \[[\s\S]*ServiceKitModule\.forRoot\([\s\S]*\),[\s\S]*\bWidgetsModule,?\s*\]/,
    );

    const [migration] = tree
      .children('apps/catalogue-service/src/migrations')
      .filter((f) => f.startsWith('Migration'))
      .map((f) => f.replace(/\.ts$/, ''));
    const index = read(tree, 'apps/catalogue-service/src/migrations/index.ts');
    expect(index).toContain(`import { ${migration} } from './${migration}';`);
    expect(index).toContain(`{ name: '${migration}', class: ${migration} }`);
    expect(read(tree, `apps/catalogue-service/src/migrations/${migration}.ts`)).toContain(
      `export class ${migration} extends Migration`,
    );

    const exports = read(tree, 'libs/contracts/src/index.ts');
    expect(exports).toContain("export * from './catalogue/widgets/widgets.subjects';");
    expect(exports).toContain("export * from './catalogue/widgets/create-widget.dto';");
    expect(exports).toContain("export * from './catalogue/widgets/update-widget.dto';");
    expect(exports).toContain("export type * from './catalogue/widgets/widget.response';");
    // In the catalogue-service group of the index, not after the last service's.
    const group = exports.slice(
      exports.indexOf('// catalogue-service'),
      exports.indexOf('\n\n', exports.indexOf('// catalogue-service')),
    );
    expect(group).toContain("export * from './catalogue/products/create-product.dto';");
    expect(group).toContain("export type * from './catalogue/widgets/widget.response';");
  });

  it('starts a group in the contracts index for a service that has none yet', () => {
    const group = ['// auth-service: accounts', "export * from './auth/auth.subjects';"];
    const index = `${["export * from './services';", '', ...group].join('\n')}\n`;
    expect(withServiceExports(index, 'auth-service', ["export * from './auth/x';"])).toBe(
      `${index}export * from './auth/x';\n`,
    );
    expect(withServiceExports(index, 'shop-service', ["export * from './shop/x';"])).toBe(
      `${index}\n// shop-service\nexport * from './shop/x';\n`,
    );
  });

  it('adds to what a service registers already, after its newest migration', async () => {
    const tree = workspace();
    const before = read(tree, 'apps/billing-service/src/migrations/index.ts');
    await featureGenerator(tree, { service: 'billing-service', name: 'price-lists', skipFormat: true });

    const appModule = read(tree, 'apps/billing-service/src/app.module.ts');
    expect(appModule).toContain('entities: [Account, PriceList]');
    expect(appModule).toMatch(/imports: \[[\s\S]*\), PriceListsModule,?\s*\]/);
    // The service's own controllers and providers stay as they were.
    expect(appModule).toMatch(
      /controllers: \[\s*AccountsController,\s*UsageController,\s*BillingController,\s*PaymentsController,\s*auditEntriesController\(AUDIT_SUBJECTS\.entries\.billing\),?\s*\]/,
    );

    const index = read(tree, 'apps/billing-service/src/migrations/index.ts');
    const names = [...index.matchAll(/name: '(Migration\d{14})'/g)].map((m) => m[1]);
    expect(names.slice(0, -1)).toEqual([...before.matchAll(/name: '(Migration\d{14})'/g)].map((m) => m[1]));
    expect(String(names.at(-1)) > String(names.at(-2))).toBe(true);

    expect(tree.exists('apps/billing-service/src/price-lists/price-list.entity.ts')).toBe(true);
    expect(read(tree, 'apps/billing-service/src/price-lists/price-lists.controller.ts')).toContain(
      '@MessagePattern(PRICE_LISTS_SUBJECTS.update)',
    );
    expect(read(tree, 'libs/contracts/src/billing/price-lists/price-lists.subjects.ts')).toContain(
      "list: 'billing.price-lists.list'",
    );
    expect(read(tree, 'libs/contracts/src/index.ts')).toContain(
      "export * from './billing/price-lists/create-price-list.dto';",
    );
  });

  it('refuses names the contracts export already, and writes nothing', async () => {
    const tree = workspace();
    tree.write(
      'libs/contracts/src/catalogue/products/widget.response.ts',
      'export interface WidgetResponse { id: string }\n',
    );
    const changesBefore = tree.listChanges().length;
    await expect(featureGenerator(tree, { service: 'catalogue-service', name: 'widgets' })).rejects.toThrow(
      /WidgetResponse \(libs\/contracts\/src\/catalogue\/products\/widget\.response\.ts\)/,
    );
    expect(tree.listChanges()).toHaveLength(changesBefore);
  });

  it('refuses an unknown service, a feature that exists and a name that is not kebab-case', async () => {
    const tree = workspace();
    await expect(featureGenerator(tree, { service: 'shop-service', name: 'widgets' })).rejects.toThrow(
      /apps\/shop-service\/src\/app\.module\.ts does not exist/,
    );
    await expect(featureGenerator(tree, { service: 'gateway', name: 'widgets' })).rejects.toThrow(
      /not a service/,
    );
    await expect(featureGenerator(tree, { service: 'catalogue-service', name: 'Widgets' })).rejects.toThrow(
      /not a feature name/,
    );
    await featureGenerator(tree, { service: 'catalogue-service', name: 'widgets', skipFormat: true });
    await expect(featureGenerator(tree, { service: 'catalogue-service', name: 'widgets' })).rejects.toThrow(
      /exists already/,
    );
  });

  it.each([
    ['widgets', 'widget'],
    ['categories', 'category'],
    ['boxes', 'box'],
    ['addresses', 'address'],
    ['price-lists', 'price-list'],
  ])('takes %s for many of one %s', (plural, singular) => {
    expect(singularOf(plural)).toBe(singular);
  });
});
