import { ArrayMaxSize, IsArray, IsInt, IsOptional, Matches, Max, Min } from 'class-validator';
import type { AckCustomerEventsData, LeaseCustomerEventsData } from '@parley/contracts';

/** Events handed out at once, at most. */
export const MAX_CUSTOMER_EVENTS = 500;

/** messaging.customer-events.lease. */
export class LeaseCustomerEventsDto implements LeaseCustomerEventsData {
  @IsOptional()
  @IsInt({ message: 'limit must be a whole number' })
  @Min(1, { message: `limit must be 1 to ${MAX_CUSTOMER_EVENTS}` })
  @Max(MAX_CUSTOMER_EVENTS, { message: `limit must be 1 to ${MAX_CUSTOMER_EVENTS}` })
  limit = 100;

  @IsOptional()
  @IsInt({ message: 'leaseSeconds must be a whole number' })
  @Min(1, { message: 'leaseSeconds must be 1 to 3600' })
  @Max(3600, { message: 'leaseSeconds must be 1 to 3600' })
  leaseSeconds = 60;
}

/** messaging.customer-events.ack. */
export class AckCustomerEventsDto implements AckCustomerEventsData {
  @IsArray({ message: 'ids must be a list of event ids' })
  @ArrayMaxSize(MAX_CUSTOMER_EVENTS, { message: `ids may name at most ${MAX_CUSTOMER_EVENTS} events` })
  @Matches(/^\d{1,18}$/, { each: true, message: 'ids must be event ids' })
  ids!: string[];
}
