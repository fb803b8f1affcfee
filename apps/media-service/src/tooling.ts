/**
 * What the repository's tools read of this app, as the package entry
 * `@kartlink/media-service/tooling`: its config schema (the deploy checks and the README table),
 * and its database options (npm run migration).
 */
export { configSchema } from './config';
export { dataSourceOptions } from './database';
