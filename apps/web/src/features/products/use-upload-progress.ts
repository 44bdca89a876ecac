import type { RealtimeEvent } from '@parley/contracts';
import { useCallback, useEffect, useState } from 'react';
import { useRealtimeEvent } from '../realtime';

/** Spec 001 §4 and §9: the bar starts at 25 and rises by 10 every 200 ms up to 90 until the upload ends. */
export const UPLOAD_PROGRESS = { start: 25, step: 10, everyMs: 200, cap: 90 } as const;

/** `data.percent` of a `catalogue_import_progress` event (ProductImportProgress), or null when unusable. */
function importPercent(event: RealtimeEvent): number | null {
  const percent = event.data?.percent;
  return typeof percent === 'number' && Number.isFinite(percent) ? Math.min(Math.max(percent, 0), 100) : null;
}

export interface UploadProgress {
  /** Null while no upload runs (idle). */
  percent: number | null;
  start: () => void;
  /** Back to idle, after success or failure. */
  finish: () => void;
}

/**
 * The catalogue upload's progress bar. It climbs on a timer as the spec says; once the server reports the
 * import's real progress (/ws `catalogue_import_progress`), it follows that instead, never moving back.
 */
export function useUploadProgress(): UploadProgress {
  const [percent, setPercent] = useState<number | null>(null);
  const [reported, setReported] = useState(false);
  const running = percent !== null;

  useEffect(() => {
    if (!running || reported) return;
    const timer = setInterval(
      () =>
        setPercent((current) =>
          current === null ? null : Math.min(current + UPLOAD_PROGRESS.step, UPLOAD_PROGRESS.cap),
        ),
      UPLOAD_PROGRESS.everyMs,
    );
    return () => clearInterval(timer);
  }, [running, reported]);

  useRealtimeEvent('catalogue_import_progress', (event) => {
    const real = importPercent(event);
    if (real === null || !running) return;
    setReported(true);
    setPercent((current) => (current === null ? null : Math.max(current, real)));
  });

  const start = useCallback(() => {
    setReported(false);
    setPercent(UPLOAD_PROGRESS.start);
  }, []);
  const finish = useCallback(() => setPercent(null), []);
  return { percent, start, finish };
}
