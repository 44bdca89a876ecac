/** Spec 001 §9: the table's Features column shows at most this many; the rest are counted as "+N more". */
export const SHOWN_FEATURES = 2;

/** The features a table row shows, and how many it leaves out. */
export function shownFeatures(features: readonly string[]): { shown: string[]; more: number } {
  return { shown: features.slice(0, SHOWN_FEATURES), more: Math.max(features.length - SHOWN_FEATURES, 0) };
}
