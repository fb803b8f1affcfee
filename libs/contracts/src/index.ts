export * from './auth';
export * from './auth-rules';
export * from './envelope';
export * from './errors';
export * from './health';
export * from './subjects';
