import 'reflect-metadata';
import { plainToInstance } from 'class-transformer';
import { validateSync, type ValidationError } from 'class-validator';

/**
 * Reads a configuration class from the environment and fails at boot with a message naming every bad
 * variable. Config classes declare one property per variable, with a default and a doc comment saying
 * what it is (the README's Configuration table lists the same variables).
 */
export function loadConfig<T extends object>(cls: new () => T, env: NodeJS.ProcessEnv = process.env): T {
  const defaults = new cls() as Record<string, unknown>;
  const raw: Record<string, unknown> = {};
  for (const key of Object.keys(defaults)) {
    const value = env[key];
    raw[key] =
      value === undefined || value === '' ? defaults[key] : convert(value, kindOf(cls, key, defaults[key]));
  }
  const config = plainToInstance(cls, raw);
  const errors = validateSync(config, { forbidUnknownValues: true });
  if (errors.length > 0) {
    throw new ConfigError(errors.map(describeError));
  }
  return config;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

/** A variable's type is its default's type, or the declared one (for optional variables without a default). */
function kindOf(cls: object, key: string, fallback: unknown): unknown {
  if (fallback !== undefined) return typeof fallback;
  const declared: unknown = Reflect.getMetadata('design:type', (cls as { prototype: object }).prototype, key);
  return declared === Number ? 'number' : declared === Boolean ? 'boolean' : 'string';
}

/** Env values are strings; numbers and booleans are converted only when they are unambiguous. */
function convert(value: string, kind: unknown): unknown {
  if (kind === 'number' && /^-?\d+(\.\d+)?$/.test(value.trim())) return Number(value);
  if (kind === 'boolean' && /^(true|false|1|0)$/i.test(value.trim())) return /^(true|1)$/i.test(value.trim());
  return value;
}

function describeError(error: ValidationError): string {
  const reasons = Object.values(error.constraints ?? {}).join('; ');
  const shown =
    typeof error.value === 'string' && /SECRET|KEY|PASSWORD/i.test(error.property) ? '<hidden>' : error.value;
  return `${error.property}: ${reasons} (got ${JSON.stringify(shown ?? null)})`;
}
