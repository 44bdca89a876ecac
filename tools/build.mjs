#!/usr/bin/env node
// Bundles one Node app (gateway or a service) into dist/apps/<app>/main.js.
// esbuild resolves the lib path aliases and bundles our code; SWC compiles each TypeScript file first,
// because Nest's dependency injection needs decorator metadata, which esbuild does not emit.
// node_modules stay external: the runtime installs them (see docker/Dockerfile).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { transform } from '@swc/core';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const app = process.argv[2];
if (!app) {
  console.error('usage: node tools/build.mjs <app>');
  process.exit(2);
}

const swcDecorators = {
  name: 'swc-decorators',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      const { code, map } = await transform(source, {
        filename: args.path,
        sourceMaps: true,
        jsc: {
          parser: { syntax: 'typescript', decorators: true },
          transform: { legacyDecorator: true, decoratorMetadata: true },
          target: 'es2022',
          keepClassNames: true,
        },
        module: { type: 'es6' },
      });
      const inlineMap = `\n//# sourceMappingURL=data:application/json;base64,${Buffer.from(map).toString('base64')}`;
      return { contents: code + inlineMap, loader: 'js' };
    });
  },
};

const started = Date.now();
const bundle = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  packages: 'external',
  sourcemap: true,
  tsconfig: path.join(root, 'tsconfig.json'),
  logLevel: 'warning',
};
await build({
  ...bundle,
  entryPoints: [path.join(root, 'apps', app, 'src/main.ts')],
  outfile: path.join(root, 'dist/apps', app, 'main.js'),
  keepNames: true,
  plugins: [swcDecorators],
});
// The program of the child process that reads uploaded files (server-kit's upload-reader.ts looks for it
// beside the bundle). No decorators there: esbuild alone compiles it.
await build({
  ...bundle,
  entryPoints: [path.join(root, 'libs/server-kit/src/uploads/upload-reader.child.ts')],
  outfile: path.join(root, 'dist/apps', app, 'upload-reader.js'),
});
console.log(`built ${app} in ${Date.now() - started} ms → dist/apps/${app}/main.js`);
