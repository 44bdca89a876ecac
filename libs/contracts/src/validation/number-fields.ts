import { Transform } from 'class-transformer';
import { IsInt, Max, Min } from 'class-validator';
import { LIST_QUERY_LIMIT } from '../lists/list-query-limit';
import { compose } from './compose';
import { toNumber } from './transforms';

/** `?limit=`: a whole number in LIST_QUERY_LIMIT, its default when absent. */
export function ListLimit(): PropertyDecorator {
  const { min, max } = LIST_QUERY_LIMIT;
  const message = { message: `Limit must be a whole number from ${min} to ${max}` };
  return compose(
    Transform((params) => (params.value === undefined ? LIST_QUERY_LIMIT.default : toNumber(params))),
    IsInt(message),
    Min(min, message),
    Max(max, message),
  );
}
