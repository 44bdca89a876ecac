import type { ProductImportProgress } from '@parley/contracts';
import { ImportProgress } from './import-progress';

describe('ImportProgress', () => {
  it('sends at most one event each 250 ms, and always the last one', () => {
    let now = 1000;
    const sent: ProductImportProgress[] = [];
    const progress = new ImportProgress(
      2000,
      (p) => sent.push(p),
      () => now,
    );
    progress.report(500);
    now += 100;
    progress.report(1000);
    now += 200;
    progress.report(1500);
    progress.report(2000);
    expect(sent).toEqual([
      { processed: 500, total: 2000, percent: 25 },
      { processed: 1500, total: 2000, percent: 75 },
      { processed: 2000, total: 2000, percent: 100 },
    ]);
  });

  it('is complete at once for a file without rows', () => {
    const sent: ProductImportProgress[] = [];
    new ImportProgress(0, (p) => sent.push(p)).report(0);
    expect(sent).toEqual([{ processed: 0, total: 0, percent: 100 }]);
  });
});
