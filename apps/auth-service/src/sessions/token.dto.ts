import { IsNotEmpty, IsString, MaxLength } from 'class-validator';

/** A raw token from a cookie or an emailed link, as sent by the gateway. */
export class TokenDto {
  @IsString({ message: 'token must be text' })
  @IsNotEmpty({ message: 'token is required' })
  @MaxLength(200, { message: 'token is too long' })
  token!: string;
}
