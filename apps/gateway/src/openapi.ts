import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { validationMetadatasToSchemas } from 'class-validator-jsonschema';

export const API_DOCS_PATH = 'api/docs';

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
  SwaggerModule.setup(API_DOCS_PATH, app, document, {
    jsonDocumentUrl: `${API_DOCS_PATH}/json`,
    customSiteTitle: 'Kartlink API',
  });
}
