import { IsIn, IsInt, Min } from 'class-validator';
import type { UsageWarningMailData } from '@parley/contracts';

/** auth.mail.usage-warning, from billing-service: checked as any payload is (services never trust their caller's checks). */
export class UsageWarningMailDto implements UsageWarningMailData {
  @IsIn([1, 2, 3], { message: 'Level must be 1, 2 or 3' })
  level!: 1 | 2 | 3;

  @IsInt({ message: 'Used must be a whole number' })
  @Min(0, { message: 'Used must be 0 or more' })
  used!: number;

  @IsInt({ message: 'Limit must be a whole number' })
  @Min(0, { message: 'Limit must be 0 or more' })
  limit!: number;
}
