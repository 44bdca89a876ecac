import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import type { ConsumeUsageData } from '@parley/contracts';

export class ConsumeUsageDto implements ConsumeUsageData {
  @IsString({ message: 'key must be text' })
  @IsNotEmpty({ message: 'key is required' })
  @MaxLength(200, { message: 'key is too long' })
  key!: string;
}
