import { TEST_AGENT_PLATFORMS, type TestAgentPlatform } from '../../enums/platforms';
import { RequiredChoice } from '../../validation/choice-fields';
import { FIELD_LIMITS } from '../../validation/field-limits';
import { RequiredText } from '../../validation/text-fields';

/** POST /api/ai/test-agent: one message of the test chat; the web app sends platform `test`. */
export class TestAgentDto {
  @RequiredText('Message', { max: FIELD_LIMITS.messageContent })
  message!: string;

  @RequiredChoice('Platform', TEST_AGENT_PLATFORMS)
  platform!: TestAgentPlatform;
}
