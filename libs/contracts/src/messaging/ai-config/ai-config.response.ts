import type { AtLimitReply } from './at-limit-reply';
import type { StageMode } from '../customers/stage-history';
import type { ResponseStyle } from './response-styles';

/** GET /api/ai-config. Before the first save: defaults, empty company texts and `setupCompleted` false. */
export interface AiConfigResponse {
  companyName: string;
  companyDescription: string;
  /** Beyond the spec: the business's currency, ISO 4217 (`USD` until the owner chooses one). */
  currency: string;
  /** Beyond the spec: the IANA time zone the reports' days are in; null until set (the reports then use UTC). */
  timeZone: string | null;
  responseStyle: ResponseStyle;
  autoRespond: boolean;
  /** Seconds. */
  responseDelay: number;
  address: string | null;
  phoneNumber: string | null;
  email: string | null;
  website: string | null;
  googleMapsLocation: string | null;
  openingHours: string | null;
  collectCustomerName: boolean;
  collectCustomerPhone: boolean;
  collectCustomerEmail: boolean;
  collectCustomerAddress: boolean;
  additionalFields: string[];
  /** What customers get once the owner's API calls are exhausted (default `nothing`). */
  atLimitReply: AtLimitReply;
  /** Sent at the limit when `atLimitReply` is `away_message`, without using a call. */
  awayMessage: string | null;
  /** Beyond the spec (issue 34): the AI moves customers between stages itself, or only suggests (AiConfigDto.stageMode). */
  stageMode: StageMode;
  /** Beyond the spec: the owner's private notes (see AiConfigDto.privateNotes); null when none. */
  privateNotes: string | null;
  /**
   * Beyond the spec: the sentences of `companyDescription` the agent treats as private notes (labelled or worded as
   * notes: "Internal: …", "never mention …", "staff discount code …"), which it never uses nor says.
   */
  privateSentences: string[];
  setupCompleted: boolean;
  updatedAt: string | null;
  /** When the owner first talked to the agent in the test chat (the checklist's last step), ISO; null before. */
  agentTestedAt: string | null;
}
