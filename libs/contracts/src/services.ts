/** The six back-end services. Each name is also its NATS queue group and (snake-cased) its schema. */
export const SERVICE_NAMES = [
  'auth-service',
  'catalogue-service',
  'messaging-service',
  'marketing-service',
  'integrations-service',
  'billing-service',
] as const;

export type ServiceName = (typeof SERVICE_NAMES)[number];

export function isServiceName(value: string): value is ServiceName {
  return (SERVICE_NAMES as readonly string[]).includes(value);
}

/** `auth-service` → `auth_service`: the PostgreSQL schema a service owns. */
export function schemaNameOf(service: ServiceName): string {
  return service.replace(/-/g, '_');
}
