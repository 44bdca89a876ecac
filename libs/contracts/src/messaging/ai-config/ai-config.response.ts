import type { ResponseStyle } from './response-styles';

/** GET /api/ai-config. Before the first save: defaults, empty company texts and `setupCompleted` false. */
export interface AiConfigResponse {
  companyName: string;
  companyDescription: string;
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
  setupCompleted: boolean;
  updatedAt: string | null;
}
