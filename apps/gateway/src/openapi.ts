import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import type { PathItemObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import { validationMetadatasToSchemas } from 'class-validator-jsonschema';
import { TRACKING_PATHS } from './analytics/tracking-openapi';
import { IMAGE_READ_PATHS } from './media/media-docs';
import { QR_PATHS } from './share/qr-docs';

const API_DOCS_PATH = 'api/docs';

const shopUrlParam = {
  name: 'shopUrl',
  in: 'path',
  required: true,
  schema: { type: 'string' },
} as const;
const publicErrors = {
  '403': { description: 'The shop is private (the error contains "private")' },
  '404': { description: 'No such shop or product' },
};

/** The visitors' reads are plain Fastify routes (public/public-routes.ts): documented here. */
const PUBLIC_READ_PATHS = {
  '/api/shop/{shopUrl}': {
    get: {
      tags: ['public'],
      summary: 'A public shop (lower-cased and trimmed)',
      parameters: [shopUrlParam],
      responses: { '200': { description: '{ success: true, data: PublicShop }' }, ...publicErrors },
    },
  },
  '/api/shop/{shopUrl}/urls': {
    get: {
      tags: ['public'],
      summary: 'The products shown on a public shop, newest first',
      parameters: [shopUrlParam],
      responses: {
        '200': { description: '{ success: true, data: PublicProduct[] }' },
        ...publicErrors,
      },
    },
  },
  '/api/shop/{shopUrl}/stats': {
    get: {
      tags: ['public'],
      summary:
        'What a visitor may know about a public shop: { productCount } (click counts stay private to the owner)',
      parameters: [shopUrlParam],
      responses: { '200': { description: '{ success: true, data: ShopStats }' }, ...publicErrors },
    },
  },
  '/api/url/shop/{shopUrl}/{shortCode}': {
    get: {
      tags: ['public'],
      summary: 'One product of a public shop with its store options',
      parameters: [
        shopUrlParam,
        { name: 'shortCode', in: 'path', required: true, schema: { type: 'string' } },
      ],
      responses: {
        '200': { description: '{ success: true, data: PublicProduct }' },
        ...publicErrors,
      },
    },
  },
};

/** The API document, built from the decorators on the routes, so it is always current. */
export function setupOpenApi(app: NestFastifyApplication, version: string, publicUrl: string) {
  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('Kartlink API')
      .setDescription(
        'Every answer is an envelope: `{ success: true, data, message? }` or ' +
          '`{ success: false, error, errorCode, errors?: [{ path, msg }], requestId }`. ' +
          'Send `X-Request-Id` to trace a request; the gateway answers with the id it used.',
      )
      .setVersion(version)
      .addServer(publicUrl)
      .addBearerAuth()
      .build(),
  );
  // Request bodies are described by the same class-validator rules that check them.
  document.components = {
    ...document.components,
    schemas: {
      ...document.components?.schemas,
      ...(validationMetadatasToSchemas({ refPointerPrefix: '#/components/schemas/' }) as Record<
        string,
        object
      >),
    },
  };
  // The plain Fastify routes join Nest's, method by method: GET /api/banners/{id} (an image)
  // sits beside PUT and DELETE of the same path.
  for (const [path, item] of Object.entries({
    ...PUBLIC_READ_PATHS,
    ...TRACKING_PATHS,
    ...IMAGE_READ_PATHS,
    ...QR_PATHS,
  }))
    document.paths[path] = { ...document.paths[path], ...(item as PathItemObject) };
  SwaggerModule.setup(API_DOCS_PATH, app, document, {
    jsonDocumentUrl: `${API_DOCS_PATH}/json`,
    customSiteTitle: 'Kartlink API',
  });
}
