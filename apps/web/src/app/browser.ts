/**
 * Full-page navigation: the browser loads `url` afresh (the app restarts with a new session state).
 * One seam for it, because jsdom cannot navigate: component tests replace `assign` to see where the
 * app went.
 */
export const browser = {
  assign(url: string): void {
    window.location.assign(url);
  },
};
