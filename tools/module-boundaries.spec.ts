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

  it('keeps the agent pure: no framework, database, broker, kit or app in libs/agent, and only messaging uses it', async () => {
    const agentFile = 'libs/agent/src/index.ts';
    const [nest, orm, pg, nats, kit, app, messaging, billing] = await Promise.all([
      boundaryErrors(agentFile, "import { Injectable } from '@nestjs/common';\nexport const i = Injectable;\n"),
      boundaryErrors(agentFile, "import { MikroORM } from '@mikro-orm/core';\nexport const o = MikroORM;\n"),
      boundaryErrors(agentFile, "import { Client } from 'pg';\nexport const c = Client;\n"),
      boundaryErrors(agentFile, "import { connect } from 'nats';\nexport const c = connect;\n"),
      boundaryErrors(agentFile, "import { loadConfig } from '@parley/server-kit';\nexport const f = loadConfig;\n"),
      boundaryErrors(
        agentFile,
        "import { AgentAnswers } from '../../../apps/messaging-service/src/agent/agent-answers';\nexport const a = AgentAnswers;\n",
      ),
      boundaryErrors(
        'apps/messaging-service/src/main.ts',
        "import { checkClaims } from '@parley/agent';\nimport { ErrorCode } from '@parley/contracts';\nexport const x = [checkClaims, ErrorCode];\n",
      ),
      boundaryErrors('apps/billing-service/src/main.ts', "import { checkClaims } from '@parley/agent';\nexport const c = checkClaims;\n"),
    ]);
    for (const errors of [nest, orm, pg, nats, kit, app, billing]) expect(errors.length).toBeGreaterThan(0);
    expect(messaging).toEqual([]);
  }, 120_000);
});
