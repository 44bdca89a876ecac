import type { CustomerStage } from './customer-stages';
import type { CustomerStatus } from './customer-statuses';
import type { CustomerPlatform } from '../../enums/platforms';

/** `source` is `social_media` for customers who wrote in, `manual` for those added by hand. */
export interface CustomerResponse {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  /** A channel, or `manual`: added by hand, with no channel (never sent anything). */
  platform: CustomerPlatform;
  /** Empty for a `manual` customer known only by email or phone. */
  platformUsername: string;
  stage: CustomerStage;
  status: CustomerStatus;
  source: string;
  tags: string[];
  interest: string | null;
  notes: string | null;
  lastContact: string | null;
  /** When the customer last wrote (the start of Meta's messaging window), ISO. */
  lastInboundAt: string | null;
  /** True when the customer wrote through a connected channel: replies are delivered to them. */
  reachable: boolean;
  /** The AI is paused for this customer until then (a person answered), ISO; null when it is active. */
  aiPausedUntil: string | null;
  /** A customer the simulator made (POST /api/simulate-message): never a real one, never reachable. */
  isTest: boolean;
  /** When the customer reached their stage, ISO (the board's time in stage). */
  stageChangedAt: string;
  /** The newest message of their conversation, its first 300 characters; null before any. */
  lastMessage: string | null;
  /**
   * What their lead is worth, in the business's currency (the AI configuration's `currency`); null when they
   * have no lead or its value is not set. Set with PATCH /api/customers/{id} `leadValue`.
   */
  leadValue: number | null;
}
