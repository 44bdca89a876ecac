import { ArrayMaxSize, IsArray, Matches } from 'class-validator';

/** Sessions named by their token's SHA-256 (hex), as the gateway holds them. */
export class TokenHashesDto {
  @IsArray({ message: 'tokenHashes must be a list' })
  @ArrayMaxSize(1000, { message: 'tokenHashes can have at most 1000 items' })
  @Matches(/^[0-9a-f]{64}$/, { each: true, message: 'tokenHashes must be SHA-256 hex digests' })
  tokenHashes!: string[];
}
