import path from 'node:path';
import nx from '@nx/eslint-plugin';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/**
 * Which tags may import which. A service imports contracts, server-kit and the core libs of its own scope (the
 * agent for messaging), never another app; web never imports the kit. A core lib is pure rules: no framework,
 * database, broker or queue, so it runs the same in a service, a test, the bench and the evaluation.
 */
const depConstraints = [
  ...['gateway', 'auth', 'catalogue', 'messaging', 'marketing', 'integrations', 'billing', 'web'].map(
    (scope) => ({
      sourceTag: `scope:${scope}`,
      onlyDependOnLibsWithTags: ['scope:shared', `scope:${scope}`],
    }),
  ),
  { sourceTag: 'scope:shared', onlyDependOnLibsWithTags: ['scope:shared'] },
  { sourceTag: 'scope:web', notDependOnLibsWithTags: ['type:kit'] },
  { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['type:contracts', 'type:kit', 'type:core', 'type:ui'] },
  { sourceTag: 'type:kit', onlyDependOnLibsWithTags: ['type:contracts', 'type:kit'] },
  {
    sourceTag: 'type:core',
    onlyDependOnLibsWithTags: ['type:contracts', 'type:core'],
    bannedExternalImports: [
      '@nestjs/*',
      '@mikro-orm/*',
      'pg',
      'pg-*',
      'knex',
      'nats',
      'bull',
      'ioredis',
      'redis',
    ],
  },
  { sourceTag: 'type:contracts', onlyDependOnLibsWithTags: ['type:contracts'] },
  { sourceTag: 'type:ui', onlyDependOnLibsWithTags: ['type:contracts', 'type:ui'] },
];

/** The web's source; features live in `features/<feature>/`, pieces several features use in `shared/`. */
const webSrc = path.join(import.meta.dirname, 'apps/web/src');

/**
 * A feature (or `shared/`) reaches another feature only through its public entry: `features/<b>/index.ts`
 * (what it offers the app) or `features/<b>/api.ts` (its server state). Its other files are its own; a piece
 * several features need moves to `shared/`.
 */
const featureBoundaries = {
  meta: {
    type: 'problem',
    messages: {
      internal:
        "{{from}} may not import '{{spec}}', an internal of features/{{feature}}: use features/{{feature}}/index.ts or api.ts, or move the piece to shared/.",
    },
    schema: [],
  },
  create(context) {
    const file = path.relative(webSrc, context.filename);
    const [top, own] = file.split(path.sep);
    if (file.startsWith('..') || (top !== 'features' && top !== 'shared')) return {};
    const from = top === 'features' ? `features/${own}` : 'shared/';
    const check = (node) => {
      if (node?.type !== 'Literal' || typeof node.value !== 'string' || !node.value.startsWith('.')) return;
      const target = path.relative(webSrc, path.resolve(path.dirname(context.filename), node.value));
      const [targetTop, feature, ...rest] = target.split(path.sep);
      if (targetTop !== 'features' || feature === undefined) return;
      if (top === 'features' && feature === own) return;
      const inner = rest.join('/');
      if (inner === '' || inner === 'index' || inner === 'api') return;
      context.report({ node, messageId: 'internal', data: { from, spec: node.value, feature } });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
      CallExpression: (node) => {
        const { callee } = node;
        const isJestMock =
          callee.type === 'MemberExpression' &&
          callee.object.name === 'jest' &&
          callee.property.name === 'mock';
        if (isJestMock || (callee.type === 'Identifier' && callee.name === 'require'))
          check(node.arguments[0]);
      },
    };
  },
};

export default tseslint.config(
  { ignores: ['**/dist', '**/node_modules', '**/.nx', '**/coverage', '**/tmp'] },
  ...nx.configs['flat/base'],
  ...nx.configs['flat/typescript'],
  ...nx.configs['flat/javascript'],
  {
    files: ['**/*.ts', '**/*.tsx'],
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        { enforceBuildableLibDependency: true, banTransitiveDependencies: false, allow: [], depConstraints },
      ],
    },
  },
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // The gateway's /api routes are Nest controller handlers; plain Fastify routes come only from the
    // written allow-list in apps/gateway/src/http/raw-routes.ts, each with its reason.
    files: ['apps/gateway/src/**/*.ts'],
    ignores: ['apps/gateway/src/http/raw-routes.ts', 'apps/gateway/src/**/*.spec.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.property.name=/^(get|head|post|put|patch|delete|options|all|route)$/][callee.object.name='fastify']",
          message: 'Add a raw Fastify route only through RAW_ROUTES in apps/gateway/src/http/raw-routes.ts.',
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.tsx', 'apps/web/**/*.ts'],
    plugins: {
      'react-hooks': reactHooks,
      'parley-web': { rules: { 'feature-boundaries': featureBoundaries } },
    },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'parley-web/feature-boundaries': 'error',
    },
  },
);
