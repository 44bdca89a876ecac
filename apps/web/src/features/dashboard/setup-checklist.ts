import type { Platform } from '@parley/contracts';

export type SetupStepId = 'business-setup' | 'test-agent' | Platform | 'products' | 'training';

export interface SetupStep {
  id: SetupStepId;
  completed: boolean;
  optional: boolean;
  /** Where the step is done. */
  path: string;
}

export interface SetupState {
  setupCompleted: boolean;
  /** Platforms with an active integration (none until integrations exist). */
  activePlatforms?: readonly Platform[];
}

const PLATFORM_STEPS: readonly Platform[] = ['facebook', 'instagram', 'twitter', 'whatsapp'];

/**
 * Spec 001 §3: eight steps. The business setup is complete once `setupCompleted`; the agent test never
 * counts as done; each platform once it has an active integration; products and training are optional.
 */
export function setupSteps({ setupCompleted, activePlatforms = [] }: SetupState): SetupStep[] {
  return [
    { id: 'business-setup', completed: setupCompleted, optional: false, path: '/business-setup' },
    { id: 'test-agent', completed: false, optional: false, path: '/?tab=test-agent' },
    ...PLATFORM_STEPS.map((platform) => ({
      id: platform,
      completed: activePlatforms.includes(platform),
      optional: false,
      path: `/setup/${platform}`,
    })),
    { id: 'products', completed: false, optional: true, path: '/products' },
    { id: 'training', completed: false, optional: true, path: '/ai-training' },
  ];
}

/** Completed steps out of all eight, in percent (0–100, not rounded). */
export function setupProgress(steps: readonly SetupStep[]): number {
  return steps.length === 0 ? 0 : (steps.filter((step) => step.completed).length / steps.length) * 100;
}
