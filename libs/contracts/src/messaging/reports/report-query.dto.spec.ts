import { validateDto } from '../../validation/validate-dto';
import { AiConfigDto } from '../ai-config/ai-config.dto';
import { ReportQueryDto } from './report-query.dto';
import {
  addDays,
  daysInRange,
  isCalendarDate,
  isTimeZone,
  RESPONSE_TIME_SCALE,
  responseTimeStep,
  responseTimeStepEnd,
} from './report-rules';

describe('ReportQueryDto', () => {
  it('accepts a range, a granularity, a platform and the test-data flag', () => {
    const query = {
      from: '2026-03-01',
      to: '2026-03-31',
      granularity: 'week',
      platform: 'whatsapp',
      includeTest: 'false',
    };
    expect(validateDto(ReportQueryDto, query)).toMatchObject({
      ok: true,
      value: { ...query, includeTest: false },
    });
  });

  it.each([
    [{ to: '2026-03-01' }, 'from', 'From is required'],
    [{ from: '2026-03-01' }, 'to', 'To is required'],
    [{ from: '2026-02-29', to: '2026-03-01' }, 'from', 'From must be a date, YYYY-MM-DD'],
    [{ from: '2026-03-01', to: '1 March' }, 'to', 'To must be a date, YYYY-MM-DD'],
    [{ from: '2026-03-02', to: '2026-03-01' }, 'from', 'From must be on or before To'],
    [{ from: '2025-01-01', to: '2026-02-05' }, 'to', 'The range must be at most 400 days'],
    [
      { from: '2026-03-01', to: '2026-03-02', granularity: 'month' },
      'granularity',
      'Granularity must be one of: day, week',
    ],
  ])('refuses %j naming %s', (query, field, message) => {
    expect(validateDto(ReportQueryDto, query)).toMatchObject({ ok: false, field, message });
  });

  it('takes 400 days, from and to included', () => {
    expect(daysInRange('2025-01-01', '2026-02-04')).toBe(400);
    expect(validateDto(ReportQueryDto, { from: '2025-01-01', to: '2026-02-04' }).ok).toBe(true);
  });
});

describe('report rules', () => {
  it('reads calendar dates only', () => {
    expect(['2024-02-29', '2026-12-31'].map(isCalendarDate)).toEqual([true, true]);
    expect(['2026-02-29', '2026-13-01', '2026-1-01', '20260101', 20260101].map(isCalendarDate)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it('moves dates by whole days across a change of clocks and a leap day', () => {
    expect(addDays('2026-03-08', 1)).toBe('2026-03-09');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(daysInRange('2026-03-07', '2026-03-09')).toBe(3);
  });

  it('steps a time at each bound of the scale, the bound itself in the next step', () => {
    expect(responseTimeStep(0.4)).toBe(0);
    expect(responseTimeStep(1)).toBe(1);
    expect(responseTimeStep(29.999)).toBe(7);
    expect(responseTimeStep(30)).toBe(8);
    expect(responseTimeStepEnd(responseTimeStep(17))).toBe(20);
    expect(responseTimeStepEnd(responseTimeStep(604_800))).toBe(604_800);
    expect(RESPONSE_TIME_SCALE.every((bound, i) => i === 0 || bound > RESPONSE_TIME_SCALE[i - 1])).toBe(true);
  });

  it('takes IANA time zones for the AI configuration, and refuses others naming the field', () => {
    expect(['Europe/Madrid', 'America/New_York', 'Asia/Kolkata', 'UTC'].map(isTimeZone)).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(['Mars/Olympus', '', 'Europe/Madrid\u0000'].map(isTimeZone)).toEqual([false, false, false]);
    const body = { companyName: 'Sweet Crumbs', companyDescription: 'A bakery.' };
    expect(validateDto(AiConfigDto, { ...body, timeZone: 'Europe/Madrid' }).ok).toBe(true);
    expect(validateDto(AiConfigDto, { ...body, timeZone: 'Madrid' })).toMatchObject({
      ok: false,
      field: 'timeZone',
    });
    expect(validateDto(AiConfigDto, { ...body, timeZone: null })).toMatchObject({
      ok: false,
      field: 'timeZone',
    });
  });
});
