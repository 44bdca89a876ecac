import { execFileSync } from 'node:child_process';
import path from 'node:path';

/**
 * Runs a node process that (optionally) calls tuneHeap, allocates, forces a full GC and answers the
 * heap-growing factor V8 then applied to its new limit: setting the flag after startup must take effect.
 */
function factorAfterFullGc(nodeArgs: string[], callTuneHeap: boolean, percent?: number): string {
  const heap = path.join(__dirname, '../src/bootstrap/heap.ts');
  const script = `
    ${callTuneHeap ? `require(${JSON.stringify(heap)}).tuneHeap(process.execArgv, ${percent ?? 'undefined'});` : ''}
    const keep = [];
    for (let i = 0; i < 2e5; i++) keep.push({ i, s: 'x'.repeat(i % 50) });
    globalThis.gc();
  `;
  const output = execFileSync(
    process.execPath,
    ['--expose-gc', '--trace-gc-verbose', ...nodeArgs, '-r', '@swc-node/register', '-e', script],
    { encoding: 'utf8', cwd: path.join(__dirname, '../../..') },
  );
  const factors = [...output.matchAll(/\[HeapController\] Limit: .* \(([\d.]+)\)$/gm)].map((m) => m[1]);
  expect(factors.length).toBeGreaterThan(0);
  return factors[factors.length - 1];
}

describe('tuneHeap', () => {
  it('makes V8 size the old generation at three times what a full GC left', () => {
    expect(factorAfterFullGc([], true)).toBe('3.0');
  });

  it("takes a service's own percent (marketing-service's 50: one and a half times)", () => {
    expect(factorAfterFullGc([], true, 50)).toBe('1.5');
  });

  it('leaves V8 its own factor when not called', () => {
    expect(factorAfterFullGc([], false)).not.toBe('3.0');
  });

  it('keeps a --heap-growing-percent given on the command line', () => {
    expect(factorAfterFullGc(['--heap-growing-percent=50'], true)).toBe('1.5');
  });
});
