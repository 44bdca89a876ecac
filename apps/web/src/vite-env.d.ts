/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** External booking page behind "Schedule a demo" on the landing page and Enterprise checkout. */
  readonly VITE_DEMO_URL?: string;
  /** Address behind Contact Sales (Enterprise checkout). */
  readonly VITE_SALES_EMAIL?: string;
}
