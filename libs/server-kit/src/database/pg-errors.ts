import { UniqueConstraintViolationException } from '@mikro-orm/core';

/** A unique index refused the row (MikroORM's exception, or PostgreSQL's 23505 from raw SQL). */
export function isUniqueViolation(error: unknown): boolean {
  return (
    error instanceof UniqueConstraintViolationException ||
    (error as { code?: unknown } | null)?.code === '23505'
  );
}

/** A check constraint named `constraint` refused the row (PostgreSQL's 23514). */
export function isCheckViolation(error: unknown, constraint: string): boolean {
  const pgError = error as { code?: unknown; constraint?: unknown } | null;
  return pgError?.code === '23514' && pgError.constraint === constraint;
}
