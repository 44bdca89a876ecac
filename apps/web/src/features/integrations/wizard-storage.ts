import { isPlatform, type Platform } from '@parley/contracts';

/** The platform wizard's steps (spec 001 §2), in order. */
export const WIZARD_STEPS = ['overview', 'connect', 'complete'] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

/** Where the wizard was when it sent the browser to the provider. */
export interface WizardPlace {
  platform: Platform;
  step: WizardStep;
}

export const WIZARD_STORAGE_KEY = 'parley.platformSetup';

/**
 * Spec 001 §4: before the browser leaves for the provider, the platform and step are stored, so the
 * wizard comes back where it was; they are cleared on return (the wizard or the dashboard, wherever the
 * callback lands). Storage the browser blocks only loses that place.
 */
export function storeWizardPlace(place: WizardPlace): void {
  try {
    window.localStorage.setItem(WIZARD_STORAGE_KEY, JSON.stringify(place));
  } catch {
    // Blocked storage: the wizard starts from its first step on return.
  }
}

/** The stored place, or null (none, another tab's garbage, blocked storage). */
export function readWizardPlace(): WizardPlace | null {
  try {
    const stored: unknown = JSON.parse(window.localStorage.getItem(WIZARD_STORAGE_KEY) ?? 'null');
    if (typeof stored !== 'object' || stored === null) return null;
    const { platform, step } = stored as Record<string, unknown>;
    return isPlatform(platform) && (WIZARD_STEPS as readonly unknown[]).includes(step)
      ? { platform, step: step as WizardStep }
      : null;
  } catch {
    return null;
  }
}

export function clearWizardPlace(): void {
  try {
    window.localStorage.removeItem(WIZARD_STORAGE_KEY);
  } catch {
    // Nothing stored that could be read either.
  }
}
