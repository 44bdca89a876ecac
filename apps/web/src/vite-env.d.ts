/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** External booking page behind "Schedule a demo" on the landing page and Enterprise checkout. */
  readonly VITE_DEMO_URL?: string;
  /** External hosted payment page of the Basic plan; without it Basic cannot be bought online. */
  readonly VITE_PAYMENT_LINK_BASIC?: string;
  /** External hosted payment page of the Pro plan; without it Pro cannot be bought online. */
  readonly VITE_PAYMENT_LINK_PRO?: string;
  /** Address behind Contact Sales (Enterprise checkout). */
  readonly VITE_SALES_EMAIL?: string;
}
