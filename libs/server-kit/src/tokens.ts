/** Injection tokens for the shared connections. */
export const REDIS = Symbol('REDIS');
export const NATS_CONNECTION = Symbol('NATS_CONNECTION');
