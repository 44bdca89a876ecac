/**
 * Polls `probe` every 50 ms until it returns something other than undefined, and returns that; throws
 * `timed out waiting for <what>` after `ms`.
 */
export async function until<T>(what: string, probe: () => Promise<T | undefined>, ms = 8000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
