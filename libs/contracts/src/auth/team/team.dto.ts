import { IsDefined, IsString, IsUUID } from 'class-validator';
import { RequiredChoice } from '../../validation/choice-fields';
import { AccountEmail } from '../../validation/email-fields';
import { FIELD_LIMITS } from '../../validation/field-limits';
import { IsParleyPassword } from '../../validation/is-parley-password';
import { compose } from '../../validation/compose';
import { IfPresent } from '../../validation/if-present';
import { OptionalText } from '../../validation/text-fields';

/** The roles an owner or admin can give (the owner's role moves only by a transfer). */
export const MEMBER_ROLES = ['admin', 'agent'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

/** PATCH /api/team/members/{userId}. */
export class UpdateMemberRoleDto {
  @RequiredChoice('Role', MEMBER_ROLES)
  role!: MemberRole;
}

/** POST /api/team/transfer-ownership: the admin who becomes the owner. */
export class TransferOwnershipDto {
  @compose(
    IsDefined({ message: 'userId is required' }),
    IsString({ message: 'userId must be a UUID' }),
    IsUUID('all', { message: 'userId must be a UUID' }),
  )
  userId!: string;
}

/** POST /api/team/invitations. */
export class CreateInvitationDto {
  @AccountEmail()
  email!: string;

  @RequiredChoice('Role', MEMBER_ROLES)
  role!: MemberRole;
}

/**
 * POST /api/invitations/{token}/accept. Signed out: `name` and `password` create the invited account
 * (the gateway requires them then). Signed in: `{}`; anything sent is ignored, the session's account joins.
 */
export class AcceptInvitationDto {
  @OptionalText('Name', { max: FIELD_LIMITS.name })
  name?: string | null;

  @compose(IfPresent(), IsParleyPassword())
  password?: string;
}
