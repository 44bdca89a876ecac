import { execFile, execFileSync } from 'node:child_process';
import path from 'node:path';

// The boundary rule is what keeps the graph untangled; prove it rejects the imports it must.
const root = path.resolve(__dirname, '..');

interface LintResult {
  messages: { ruleId: string | null; message: string }[];
}

/** Lints `code` in place of the existing file `filePath`, with the repository's real ESLint config. */
function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      process.execPath,
      [path.join(root, 'node_modules/eslint/bin/eslint.js'), '--format', 'json', '--stdin', '--stdin-filename', filePath],
      { cwd: root, encoding: 'utf8' },
      // ESLint exits 1 when it reports errors; the JSON on stdout is what counts.
      (_error, stdout) => {
        try {
          const [result] = JSON.parse(stdout) as LintResult[];
          resolve(result.messages.filter((m) => m.ruleId === '@nx/enforce-module-boundaries').map((m) => m.message));
        } catch (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      },
    );
    child.stdin?.end(code);
  });
}

describe('module boundaries', () => {
  // The rule reads Nx's cached project graph and silently skips itself without one.
  beforeAll(() => {
    execFileSync(process.execPath, [path.join(root, 'node_modules/nx/dist/bin/nx.js'), 'show', 'projects'], { cwd: root });
  }, 60_000);

  it('rejects crossing imports and allows the intended ones', async () => {
    const [serviceToApp, webToKit, serviceToLibs, contractsToKit] = await Promise.all([
      boundaryErrors(
        'apps/billing-service/src/main.ts',
        "import { authServiceModule } from '../../auth-service/src/app.module';\nexport const m = authServiceModule;\n",
      ),
      boundaryErrors('apps/web/src/main.tsx', "import { loadConfig } from '@parley/server-kit';\nexport const f = loadConfig;\n"),
      boundaryErrors(
        'apps/billing-service/src/main.ts',
        "import { ErrorCode } from '@parley/contracts';\nimport { loadConfig } from '@parley/server-kit';\nexport const x = [ErrorCode, loadConfig];\n",
      ),
      boundaryErrors('libs/contracts/src/index.ts', "import { loadConfig } from '@parley/server-kit';\nexport const f = loadConfig;\n"),
    ]);
    expect(serviceToApp.length).toBeGreaterThan(0);
    expect(webToKit.length).toBeGreaterThan(0);
    expect(serviceToLibs).toEqual([]);
    expect(contractsToKit.length).toBeGreaterThan(0);
  }, 120_000);

  it('keeps the agent pure: no framework, database, broker, queue, kit or app in libs/agent; only messaging uses it', async () => {
    const imports: [string, string][] = [
      ['Injectable', '@nestjs/common'],
      ['MikroORM', '@mikro-orm/core'],
      ['Client', 'pg'],
      ['connect', 'nats'],
      ['Queue', 'bull'],
      ['loadConfig', '@parley/server-kit'],
      ['AgentAnswers', '../../../apps/messaging-service/src/agent/agent-answers'],
    ];
    const planted =
      imports.map(([name, from]) => `import { ${name} } from '${from}';\n`).join('') +
      `export const all = [${imports.map(([name]) => name).join(', ')}];\n`;
    // One at a time: each run type-checks the workspace, and the machine is shared.
    const agent = await boundaryErrors('libs/agent/src/index.ts', planted);
    expect(agent).toHaveLength(imports.length);
    for (const from of ['@nestjs/common', '@mikro-orm/core', 'pg', 'nats', 'bull']) {
      expect(agent).toContain(`A project tagged with "type:core" is not allowed to import "${from}"`);
    }
    const uses = "import { checkClaims } from '@parley/agent';\nexport const c = checkClaims;\n";
    expect(await boundaryErrors('apps/messaging-service/src/main.ts', uses)).toEqual([]);
    expect((await boundaryErrors('apps/billing-service/src/main.ts', uses)).length).toBeGreaterThan(0);
  }, 240_000);
});
