/** Where "Schedule a demo" leads: an external booking page, set per deployment with VITE_DEMO_URL. */
export const DEFAULT_DEMO_URL = 'https://calendly.com/parley-demo/30min';

export const DEMO_URL: string = import.meta.env.VITE_DEMO_URL || DEFAULT_DEMO_URL;
