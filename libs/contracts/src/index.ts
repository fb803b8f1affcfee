export * from './auth';
export * from './auth-rules';
export * from './envelope';
export * from './errors';
export * from './health';
export * from './shop-rules';
export * from './social';
export * from './subjects';
