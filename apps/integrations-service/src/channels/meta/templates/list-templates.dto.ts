import { FIELD_LIMITS, type ListTemplatesRequest, RequiredText } from '@parley/contracts';

/** integrations.templates.list, checked as any payload is. */
export class ListTemplatesDto implements ListTemplatesRequest {
  @RequiredText('Page ID', { max: FIELD_LIMITS.id })
  pageId!: string;
}
