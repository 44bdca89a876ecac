import type { AiConfigResponse } from '@parley/contracts';

/** A new owner's configuration (GET /api/ai-config before the first save), with `overrides`. */
export function anAiConfig(overrides: Partial<AiConfigResponse> = {}): AiConfigResponse {
  return {
    companyName: '',
    companyDescription: '',
    responseStyle: 'professional',
    autoRespond: true,
    responseDelay: 30,
    address: null,
    phoneNumber: null,
    email: null,
    website: null,
    googleMapsLocation: null,
    openingHours: null,
    collectCustomerName: true,
    collectCustomerPhone: true,
    collectCustomerEmail: false,
    collectCustomerAddress: false,
    additionalFields: [],
    setupCompleted: false,
    updatedAt: null,
    ...overrides,
  };
}

export const configuredShop = anAiConfig({
  companyName: 'Olive & Oak',
  companyDescription: 'Handmade wooden furniture, shipped across Europe.',
  setupCompleted: true,
  updatedAt: '2024-06-01T10:00:00.000Z',
});
