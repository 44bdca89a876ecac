import { RequiredEmail } from '../../validation/email-fields';

const INVALID_EMAIL = 'Valid email is required';

/** POST /api/email/campaigns/{id}/test: one mail of the campaign to this address, not counted. */
export class TestCampaignDto {
  @RequiredEmail({ required: INVALID_EMAIL, invalid: INVALID_EMAIL })
  email!: string;
}
