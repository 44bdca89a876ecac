import type { Platform } from '@parley/contracts';

export type SetupStepId = 'business-setup' | 'test-agent' | Platform | 'products' | 'training';

export interface SetupStep {
  id: SetupStepId;
  completed: boolean;
  /** A platform step: active, but Meta refuses its replies until it is connected again (not completed). */
  needsReconnect?: boolean;
  optional: boolean;
  /** Where the step is done. */
  path: string;
}

export interface SetupState {
  setupCompleted: boolean;
  /** The owner has had a first test chat with the agent (`agentTestedAt` of GET /api/ai-config). */
  agentTested?: boolean;
  /** Platforms with an active integration. */
  activePlatforms?: readonly Platform[];
  /** Active platforms whose access Meta no longer accepts (`needsReconnect`). */
  reconnectPlatforms?: readonly Platform[];
  /** The owner has at least one product in the catalogue. */
  hasProducts?: boolean;
  /** The owner has a knowledge item, or a training document whose text was read (issue #18). */
  hasTraining?: boolean;
}

const PLATFORM_STEPS: readonly Platform[] = ['facebook', 'instagram', 'twitter', 'whatsapp'];

/**
 * Spec 001 §3: eight steps. The business setup is complete once `setupCompleted`; the agent test once the
 * owner has had a first test chat (the spec leaves it never done, which an owner reads as broken); each
 * platform once it has an active integration Meta still accepts (one that must be connected again is to
 * do, flagged `needsReconnect`); products (optional) once the catalogue has a product; training (optional) once the owner has a knowledge item or a completed document.
 */
export function setupSteps({
  setupCompleted,
  agentTested = false,
  activePlatforms = [],
  reconnectPlatforms = [],
  hasProducts = false,
  hasTraining = false,
}: SetupState): SetupStep[] {
  return [
    { id: 'business-setup', completed: setupCompleted, optional: false, path: '/business-setup' },
    { id: 'test-agent', completed: agentTested, optional: false, path: '/?tab=test-agent' },
    ...PLATFORM_STEPS.map((platform) => {
      const needsReconnect = activePlatforms.includes(platform) && reconnectPlatforms.includes(platform);
      return {
        id: platform,
        completed: activePlatforms.includes(platform) && !needsReconnect,
        needsReconnect,
        optional: false,
        path: `/setup/${platform}`,
      };
    }),
    { id: 'products', completed: hasProducts, optional: true, path: '/products' },
    { id: 'training', completed: hasTraining, optional: true, path: '/ai-training' },
  ];
}

/** Completed steps out of all eight, in percent (0–100, not rounded). */
export function setupProgress(steps: readonly SetupStep[]): number {
  return steps.length === 0 ? 0 : (steps.filter((step) => step.completed).length / steps.length) * 100;
}
