import type { Platform } from '@parley/contracts';

export type SetupStepId = 'business-setup' | 'test-agent' | Platform | 'products' | 'training';

export interface SetupStep {
  id: SetupStepId;
  completed: boolean;
  /** A platform step: active, but Meta refuses its replies until it is connected again (not completed). */
  needsReconnect?: boolean;
  /** A platform step done because another channel is connected, not this one (issue #29). */
  viaOtherChannel?: boolean;
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
 * owner has had a first test chat (the spec leaves it never done, which an owner reads as broken); the
 * platform steps once any channel has an active integration Meta still accepts, so an owner who does not
 * use a platform can still reach 100 % (issue #29; flagged `viaOtherChannel`), except a platform that must
 * be connected again, which is to do, flagged `needsReconnect`; products (optional) once the catalogue has a product; training (optional) once the owner has a knowledge item or a completed document.
 */
export function setupSteps({
  setupCompleted,
  agentTested = false,
  activePlatforms = [],
  reconnectPlatforms = [],
  hasProducts = false,
  hasTraining = false,
}: SetupState): SetupStep[] {
  const anyConnected = activePlatforms.some((platform) => !reconnectPlatforms.includes(platform));
  return [
    { id: 'business-setup', completed: setupCompleted, optional: false, path: '/business-setup' },
    { id: 'test-agent', completed: agentTested, optional: false, path: '/?tab=test-agent' },
    ...PLATFORM_STEPS.map((platform) => {
      const active = activePlatforms.includes(platform);
      const needsReconnect = active && reconnectPlatforms.includes(platform);
      const connected = active && !needsReconnect;
      const completed = connected || (!needsReconnect && anyConnected);
      return {
        id: platform,
        completed,
        needsReconnect,
        viaOtherChannel: completed && !connected,
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
