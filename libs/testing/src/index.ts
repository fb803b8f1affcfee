export * from './global-state';
export * from './helpers';
export * from './service-harness';
export * from './service-suite';
export * from './test-env';
export * from './test-run';
export * from './dns-server';
