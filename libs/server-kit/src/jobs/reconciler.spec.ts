import { Reconciler } from './reconciler';

class Counting extends Reconciler<[fail?: boolean]> {
  protected readonly intervalMs = 60_000;
  passes = 0;
  release?: () => void;

  protected async reconcile(fail = false): Promise<number> {
    this.passes++;
    await new Promise<void>((resolve) => (this.release = resolve));
    if (fail) throw new Error('database down');
    return 3;
  }
}

describe('Reconciler', () => {
  it('runs one pass at a time on a replica, and answers what it queued again', async () => {
    const reconciler = new Counting();
    const first = reconciler.run();
    expect(await reconciler.run()).toBe(0);
    reconciler.release?.();
    expect(await first).toBe(3);
    expect(reconciler.passes).toBe(1);
  });

  it('logs a failed pass instead of throwing, and runs again next time', async () => {
    const reconciler = new Counting();
    const failing = reconciler.run(true);
    reconciler.release?.();
    expect(await failing).toBe(0);
    const next = reconciler.run();
    reconciler.release?.();
    expect(await next).toBe(3);
  });
});
