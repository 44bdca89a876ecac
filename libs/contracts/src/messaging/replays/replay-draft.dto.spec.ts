import { validateDto } from '../../validation/validate-dto';
import { CreateReplayDto } from './replay-draft.dto';

const ITEM = '0b7d5a4e-3c2f-4e1a-9b8c-7d6e5f4a3b2c';

describe('CreateReplayDto', () => {
  it('accepts each kind of draft, its nested fields validated and trimmed as on their own routes', () => {
    expect(
      validateDto(CreateReplayDto, {
        draft: { kind: 'knowledge_update', itemId: ITEM, changes: { title: ' Returns ', isActive: false } },
        limit: 20,
      }),
    ).toMatchObject({
      ok: true,
      value: {
        draft: { kind: 'knowledge_update', itemId: ITEM, changes: { title: 'Returns', isActive: false } },
        limit: 20,
      },
    });
    for (const draft of [
      {
        kind: 'ai_config',
        aiConfig: { companyName: 'Olive', companyDescription: 'Linen.', responseStyle: 'casual' },
      },
      {
        kind: 'knowledge_create',
        knowledge: { category: 'policies', title: 'Returns', content: '30 days.' },
      },
      { kind: 'knowledge_delete', itemId: ITEM },
      { kind: 'document_remove', documentId: ITEM },
    ]) {
      expect({ kind: draft.kind, ok: validateDto(CreateReplayDto, { draft }).ok }).toEqual({
        kind: draft.kind,
        ok: true,
      });
    }
  });

  it.each([
    [{}, 'draft', 'Draft is required'],
    [{ draft: 'knowledge' }, 'draft', 'Draft must be an object'],
    [{ draft: [] }, 'draft', 'Draft must be an object'],
    [{ draft: { kind: 'rewrite' } }, 'draft.kind', 'Draft kind must be one of'],
    [{ draft: { kind: 'ai_config' } }, 'draft.aiConfig', 'AI configuration is required'],
    [
      { draft: { kind: 'ai_config', aiConfig: { companyName: 'Olive' } } },
      'draft.aiConfig.companyDescription',
      'Company description is required',
    ],
    [
      { draft: { kind: 'knowledge_create', knowledge: { title: 'x', content: 'y' } } },
      'draft.knowledge.category',
      'Category is required',
    ],
    [
      { draft: { kind: 'knowledge_update', itemId: ITEM, changes: { priority: 9 } } },
      'draft.changes.priority',
      'Priority must be one of',
    ],
    [{ draft: { kind: 'knowledge_delete' } }, 'draft.itemId', 'Item id is required'],
    [
      { draft: { kind: 'document_remove', documentId: 'doc-1' } },
      'draft.documentId',
      'Document id must be a UUID',
    ],
    [
      { draft: { kind: 'knowledge_delete', itemId: ITEM }, limit: 101 },
      'limit',
      'Limit must be a whole number from 1 to 100',
    ],
    [
      { draft: { kind: 'knowledge_delete', itemId: ITEM, extra: 1 } },
      'draft.extra',
      'Unknown field "draft.extra"',
    ],
  ])('refuses %j naming %s', (body, field, message) => {
    expect(validateDto(CreateReplayDto, body)).toMatchObject({
      ok: false,
      field,
      message: expect.stringContaining(message),
    });
  });
});
