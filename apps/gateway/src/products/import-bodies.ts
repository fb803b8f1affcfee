import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { IMPORT_MAX_BYTES } from '@kartlink/contracts';

/** The import preview's path: the only route that takes a file as text. */
const IMPORT_PREVIEW_PATH = '/api/urls/import/preview';

/**
 * A product file is sent as it is (text/csv, or text/plain for a pasted list of addresses) to
 * the import preview, which alone takes more than BODY_LIMIT_BYTES: up to twice the file limit,
 * so that a file a little over it is answered with the import's own words, not Fastify's.
 */
export function registerImportBodies(app: NestFastifyApplication) {
  const fastify = app.getHttpAdapter().getInstance();
  fastify.addContentTypeParser('text/csv', { parseAs: 'string' }, (_request, body, done) =>
    done(null, body),
  );
  fastify.addHook('onRoute', (route) => {
    if (route.url === IMPORT_PREVIEW_PATH) route.bodyLimit = IMPORT_MAX_BYTES * 2;
  });
}
