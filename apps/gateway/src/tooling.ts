/**
 * What the repository's tools read of this app, as the package entry
 * `@kartlink/gateway/tooling`: its config schema (the deploy checks and the README table).
 */
export { configSchema } from './config';
// What a public page of the web build loads (the bundle benchmark measures it).
export {
  type BuildManifest,
  MANIFEST_FILE,
  pageChunks,
  PUBLIC_PAGE_MODULES,
  renderedPageAssets,
} from './web/route-assets';
