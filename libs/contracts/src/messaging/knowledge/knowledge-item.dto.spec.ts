import { validateDto } from '../../validation/validate-dto';
import { KnowledgeItemDto } from './knowledge-item.dto';

const MISSING = 'Missing Information: Please provide both title and content.';
const valid = { category: 'policies', title: 'Returns', content: 'Returns are accepted within 14 days.' };

describe('KnowledgeItemDto', () => {
  it('accepts an item with tags and a priority', () => {
    expect(
      validateDto(KnowledgeItemDto, { ...valid, tags: [' refunds ', ' ', 'returns'], priority: 4 }),
    ).toEqual({
      ok: true,
      value: { ...valid, tags: ['refunds', 'returns'], priority: 4 },
    });
  });

  it.each([1, 2, 3, 4, 5])('accepts priority %d', (priority) => {
    expect(validateDto(KnowledgeItemDto, { ...valid, priority })).toMatchObject({ ok: true });
  });

  it.each([
    [{ ...valid, title: '' }, MISSING],
    [{ ...valid, content: '   ' }, MISSING],
    [{ category: 'faqs' }, MISSING],
    [{ ...valid, category: undefined }, 'Category is required'],
    [
      { ...valid, category: 'pricing' },
      'Category must be one of: company_info, products, policies, faqs, support',
    ],
    [{ ...valid, priority: null }, 'Priority must be one of: 1, 2, 3, 4, 5'],
    [{ ...valid, priority: 0 }, 'Priority must be one of: 1, 2, 3, 4, 5'],
    [{ ...valid, priority: '3' }, 'Priority must be one of: 1, 2, 3, 4, 5'],
    [{ ...valid, tags: Array.from({ length: 31 }, (_, i) => `t${i}`) }, 'Tags can have at most 30 items'],
    [{ ...valid, tags: ['x'.repeat(51)] }, 'Tags must each be at most 50 characters'],
    [{ ...valid, title: 'x'.repeat(201) }, 'Title must be at most 200 characters'],
  ])('refuses %j: %s', (body, message) => {
    expect(validateDto(KnowledgeItemDto, body)).toMatchObject({ ok: false, message });
  });
});
