import { FIELD_LIMITS } from '../../validation/field-limits';
import { OptionalText, RequiredText } from '../../validation/text-fields';

/** How many test cases an owner keeps (each is answered twice in every replay). */
export const TEST_CASE_LIMIT = 50;

/** POST /api/ai/test-cases: a test-chat message kept for replays, with what it should answer if the owner says. */
export class SaveTestCaseDto {
  @RequiredText('Message', { max: FIELD_LIMITS.messageContent })
  message!: string;

  @OptionalText('Expected answer', { max: FIELD_LIMITS.messageContent })
  expected?: string | null;
}
