export const GATEWAY_CONFIG = Symbol('GATEWAY_CONFIG');
export const REDIS = Symbol('REDIS');
export const NATS_CLIENT = Symbol('NATS_CLIENT');
