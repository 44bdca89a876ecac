// The offline agent's compute per reply (no I/O), claim check included: 1,000 replies with 50 products, 50
// knowledge items and 10 turns of history (more than the 8 + 8 the SQL narrowing passes on from 10 000 of each).
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export default {
  name: 'local agent compute per reply (50 products, 50 knowledge items, 10 turns)',
  target: { p99Ms: 20 },

  async run() {
    const output = execFileSync(
      process.execPath,
      ['-r', '@swc-node/register', 'tools/bench/agent/local-agent.ts'],
      {
        cwd: root,
        encoding: 'utf8',
        env: { ...process.env, SWC_NODE_PROJECT: 'tsconfig.json' },
      },
    );
    return { ours: JSON.parse(output.trim().split('\n').pop()) };
  },
};
