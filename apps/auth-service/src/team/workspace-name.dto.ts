import { FIELD_LIMITS, RequiredText } from '@parley/contracts';

/** auth.workspaces.rename: the business profile's company name. */
export class WorkspaceNameDto {
  @RequiredText('Name', { max: FIELD_LIMITS.name })
  name!: string;
}
