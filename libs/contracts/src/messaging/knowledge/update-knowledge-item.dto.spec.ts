import { validateDto } from '../../validation/validate-dto';
import { UpdateKnowledgeItemDto } from './update-knowledge-item.dto';

const MISSING = 'Missing Information: Please provide both title and content.';

describe('UpdateKnowledgeItemDto', () => {
  it.each([
    [{}, {}],
    [{ isActive: false }, { isActive: false }],
    [
      { title: ' Returns ', tags: [' a ', ''] },
      { title: 'Returns', tags: ['a'] },
    ],
    [
      { priority: 5, category: 'faqs' },
      { priority: 5, category: 'faqs' },
    ],
  ])('accepts %j', (body, value) => {
    expect(validateDto(UpdateKnowledgeItemDto, body)).toEqual({ ok: true, value });
  });

  it.each([
    [{ title: '  ' }, MISSING],
    [{ content: null }, MISSING],
    [{ isActive: 'no' }, 'Active must be true or false'],
    [{ priority: 6 }, 'Priority must be one of: 1, 2, 3, 4, 5'],
    [{ category: 'pricing' }, 'Category must be one of: company_info, products, policies, faqs, support'],
  ])('refuses %j: %s', (body, message) => {
    expect(validateDto(UpdateKnowledgeItemDto, body)).toMatchObject({ ok: false, message });
  });
});
