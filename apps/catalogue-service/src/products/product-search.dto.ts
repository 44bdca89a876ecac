import { FIELD_LIMITS, type ProductSearchRequest } from '@parley/contracts';
import { IsArray, IsInt, IsOptional, IsString, MaxLength, Min } from 'class-validator';

const asMessage = `must be text of at most ${FIELD_LIMITS.messageContent} characters`;

/**
 * catalogue.products.search as catalogue-service checks it (a service never trusts its caller's
 * validation): the customer's message and earlier ones are texts of a message's size; a limit above
 * PRODUCT_SEARCH_LIMIT is capped by the service, not refused.
 */
export class ProductSearchDto implements ProductSearchRequest {
  @IsString({ message: `Text ${asMessage}` })
  @MaxLength(FIELD_LIMITS.messageContent, { message: `Text ${asMessage}` })
  text!: string;

  @IsOptional()
  @IsArray({ message: 'Earlier must be a list of texts' })
  @IsString({ each: true, message: `Earlier messages ${asMessage}` })
  @MaxLength(FIELD_LIMITS.messageContent, { each: true, message: `Earlier messages ${asMessage}` })
  earlier?: string[];

  @IsOptional()
  @IsInt({ message: 'Limit must be a whole number of at least 1' })
  @Min(1, { message: 'Limit must be a whole number of at least 1' })
  limit?: number;
}
