import { useSyncExternalStore } from 'react';

/** The query parameter of the lists and the stats that leaves test data out (absent: included). */
export interface TestDataFilter {
  includeTest?: 'false';
}

/** Where the choice is kept: it lasts across visits, like the language. */
export const SHOW_TEST_DATA_STORAGE_KEY = 'parley.showTestData';

const listeners = new Set<() => void>();

/** The choice while storage is blocked by the browser (it then lasts for this visit only). */
let unstored: boolean | undefined;

function snapshot(): boolean {
  try {
    return window.localStorage.getItem(SHOW_TEST_DATA_STORAGE_KEY) !== 'false';
  } catch {
    return unstored ?? true;
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Shows or hides test data on every list and figure at once (the sidebar's switch). */
export function setShowTestData(show: boolean): void {
  unstored = show;
  try {
    window.localStorage.setItem(SHOW_TEST_DATA_STORAGE_KEY, String(show));
  } catch {
    // Storage blocked: `unstored` keeps it.
  }
  for (const listener of listeners) listener();
}

/**
 * Whether lists and figures include test data (the simulator's customers, their messages and leads). On by
 * default: spec 000 §7 refreshes the stats after a simulated message, so a simulation shows in them.
 */
export function useShowTestData(): boolean {
  return useSyncExternalStore(subscribe, snapshot);
}

/**
 * The query parameter a list or the stats take to leave test data out (`includeTest=false`), or nothing
 * while it is shown: spread it into the query's arguments.
 */
export function useTestDataFilter(): TestDataFilter {
  return useShowTestData() ? {} : { includeTest: 'false' };
}
