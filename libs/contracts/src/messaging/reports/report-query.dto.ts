import { IsDefined, ValidateBy, type ValidationArguments } from 'class-validator';
import { CUSTOMER_PLATFORMS, type CustomerPlatform } from '../../enums/platforms';
import { OptionalChoice } from '../../validation/choice-fields';
import { compose } from '../../validation/compose';
import { IncludeTestFlag } from '../test-data/test-data-query.dto';
import {
  daysInRange,
  isCalendarDate,
  REPORT_GRANULARITIES,
  REPORT_MAX_DAYS,
  type ReportGranularity,
} from './report-rules';

const DATE_MESSAGE = (label: string) => `${label} must be a date, YYYY-MM-DD`;

/**
 * GET /api/reports/*: the owner's days `from` to `to` (both included, in the owner's time zone), by `granularity`
 * (day unless said), on one `platform` or all. A `from` after `to` is refused naming `from`; a range longer than
 * REPORT_MAX_DAYS naming `to`.
 */
export class ReportQueryDto {
  @compose(
    IsDefined({ message: 'From is required' }),
    ValidateBy(
      { name: 'isCalendarDate', validator: { validate: isCalendarDate } },
      { message: DATE_MESSAGE('From') },
    ),
    ValidateBy(
      {
        name: 'isNotAfterTo',
        validator: {
          validate: (from: string, args?: ValidationArguments) => {
            const to = (args?.object as ReportQueryDto | undefined)?.to;
            return !isCalendarDate(to) || from <= to;
          },
        },
      },
      { message: 'From must be on or before To' },
    ),
  )
  from!: string;

  @compose(
    IsDefined({ message: 'To is required' }),
    ValidateBy(
      { name: 'isCalendarDate', validator: { validate: isCalendarDate } },
      { message: DATE_MESSAGE('To') },
    ),
    ValidateBy(
      {
        name: 'isWithinMaxRange',
        validator: {
          validate: (to: string, args?: ValidationArguments) => {
            const from = (args?.object as ReportQueryDto | undefined)?.from;
            return !isCalendarDate(from) || from > to || daysInRange(from, to) <= REPORT_MAX_DAYS;
          },
        },
      },
      { message: `The range must be at most ${REPORT_MAX_DAYS} days` },
    ),
  )
  to!: string;

  @OptionalChoice('Granularity', REPORT_GRANULARITIES)
  granularity?: ReportGranularity;

  @OptionalChoice('Platform', CUSTOMER_PLATFORMS)
  platform?: CustomerPlatform;

  @IncludeTestFlag()
  includeTest?: boolean;
}
