/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** External booking page behind "Schedule a demo" on the landing page. */
  readonly VITE_DEMO_URL?: string;
}
