/**
 * What the repository's tools read of this app, as the package entry
 * `@kartlink/gateway/tooling`: its config schema (the deploy checks and the README table).
 */
export { configSchema } from './config';
