import { validateDto } from '../../validation/validate-dto';
import { ListCustomersQueryDto } from './list-customers-query.dto';

describe('ListCustomersQueryDto', () => {
  it('reads a search, platform, stage and paging', () => {
    expect(
      validateDto(ListCustomersQueryDto, { q: 'ana', platform: 'facebook', stage: 'follow-up', limit: '10' }),
    ).toEqual({
      ok: true,
      value: { q: 'ana', platform: 'facebook', stage: 'follow-up', limit: 10 },
    });
  });

  it.each([
    [{ stage: 'lead' }, 'Stage must be one of: new, interested, qualified, follow-up, converted'],
    [{ limit: '1000' }, 'Limit must be a whole number from 1 to 500'],
    [{ cursor: 'x'.repeat(501) }, 'Cursor must be at most 500 characters'],
    [{ status: 'pending' }, 'Unknown field "status"'],
  ])('refuses %j: %s', (query, message) => {
    expect(validateDto(ListCustomersQueryDto, query)).toMatchObject({ ok: false, message });
  });
});
