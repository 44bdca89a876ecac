import { validateDto } from '../../validation/validate-dto';
import { ListMessagesQueryDto } from './list-messages-query.dto';

describe('ListMessagesQueryDto', () => {
  it('defaults the page size to 100 when nothing is given', () => {
    expect(validateDto(ListMessagesQueryDto, {})).toEqual({ ok: true, value: { limit: 100 } });
  });

  it('reads every filter from query-string text', () => {
    const query = {
      q: ' refund ',
      platform: 'twitter',
      status: 'pending',
      customerId: 'c-9',
      limit: '25',
      cursor: 'abc',
    };
    expect(validateDto(ListMessagesQueryDto, query)).toEqual({
      ok: true,
      value: {
        q: 'refund',
        platform: 'twitter',
        status: 'pending',
        customerId: 'c-9',
        limit: 25,
        cursor: 'abc',
      },
    });
  });

  it.each(['1', '500', 1, 500])('accepts limit %j', (limit) => {
    expect(validateDto(ListMessagesQueryDto, { limit })).toMatchObject({
      ok: true,
      value: { limit: Number(limit) },
    });
  });

  it('treats an empty search as no search', () => {
    expect(validateDto(ListMessagesQueryDto, { q: ' ' })).toEqual({
      ok: true,
      value: { q: null, limit: 100 },
    });
  });

  it.each([
    [{ limit: '0' }, 'Limit must be a whole number from 1 to 500'],
    [{ limit: '501' }, 'Limit must be a whole number from 1 to 500'],
    [{ limit: '2.5' }, 'Limit must be a whole number from 1 to 500'],
    [{ limit: 'ten' }, 'Limit must be a whole number from 1 to 500'],
    [{ limit: '' }, 'Limit must be a whole number from 1 to 500'],
    [{ platform: 'all' }, 'Platform must be one of: facebook, instagram, twitter, whatsapp, manual'],
    [
      { status: 'open' },
      'Status must be one of: pending, responded, read, sent, received, failed, queued, delivered, simulated',
    ],
    [{ q: 'x'.repeat(201) }, 'Search must be at most 200 characters'],
    [{ q: ['a', 'b'] }, 'Search must be text'],
    [{ stage: 'new' }, 'Unknown field "stage"'],
  ])('refuses %j: %s', (query, message) => {
    expect(validateDto(ListMessagesQueryDto, query)).toMatchObject({ ok: false, message });
  });
});
