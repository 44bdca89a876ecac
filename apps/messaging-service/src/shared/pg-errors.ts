import { UniqueConstraintViolationException } from '@mikro-orm/core';

/** A unique index refused the row (MikroORM's exception, or PostgreSQL's 23505 from raw SQL). */
export function isUniqueViolation(error: unknown): boolean {
  return (
    error instanceof UniqueConstraintViolationException ||
    (error as { code?: unknown } | null)?.code === '23505'
  );
}
