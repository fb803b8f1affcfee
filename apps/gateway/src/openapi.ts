import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import type {
  OperationObject,
  ParameterObject,
  PathItemObject,
} from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import { validationMetadatasToSchemas } from 'class-validator-jsonschema';
import type { FastifySchema } from 'fastify';
import { API_KEY_RATE_LIMIT, MAX_API_KEYS_PER_USER } from '@kartlink/contracts';
import { API_KEY_SECURITY } from './auth/api-key-scope.decorator';
import type { ObjectSchema, RouteSchema } from './http/route-schema';

const API_KEY_DOC =
  'An API key made on the account page (`Authorization: Bearer kl_live_…`), for scripts. It ' +
  'works on the routes that list this scheme, each needing the scope named in its ' +
  '`x-api-key-scope`: products:read, products:write (includes products:read) or analytics:read. ' +
  'A key without the scope gets 403; on any other route (account, admin, sessions, shop ' +
  'settings, API keys) every key gets 403. An unknown, revoked or expired key gets 401. Each key ' +
  `may make ${API_KEY_RATE_LIMIT.limit} requests a minute: answers carry \`RateLimit-Policy\` ` +
  'and `RateLimit` (IETF draft), and past the budget 429 with `Retry-After`. A revoked key is ' +
  `refused from its next request on. At most ${MAX_API_KEYS_PER_USER} keys per account.`;

const API_DOCS_PATH = 'api/docs';

/** A route as Fastify registered it, with the schema it was given, if any. */
interface PlainRoute {
  method: string;
  url: string;
  schema?: FastifySchema;
}

const isDocumented = (schema: FastifySchema | undefined): schema is RouteSchema =>
  typeof (schema as RouteSchema | undefined)?.summary === 'string';

/** A schema's properties as OpenAPI parameters (path parameters are always required). */
function parametersOf(schema: ObjectSchema | undefined, where: 'path' | 'query') {
  return Object.entries(schema?.properties ?? {}).map(
    ([name, { description, ...property }]): ParameterObject => ({
      name,
      in: where,
      required: where === 'path' || (schema?.required ?? []).includes(name),
      ...(description ? { description } : {}),
      schema: property,
    }),
  );
}

/** The operation a plain route's schema describes. */
function operationOf(schema: RouteSchema): OperationObject {
  const { tags, summary, description, params, querystring, body, response } = schema;
  const required = (body as { required?: string[] } | undefined)?.required ?? [];
  return {
    tags,
    summary,
    ...(description ? { description } : {}),
    parameters: [...parametersOf(params, 'path'), ...parametersOf(querystring, 'query')],
    ...(body
      ? {
          requestBody: {
            required: required.length > 0,
            content: { 'application/json': { schema: body } },
          },
        }
      : {}),
    responses: Object.fromEntries(Object.entries(response)),
  };
}

/**
 * Adds the plain Fastify routes (visitors' reads, tracking, images) to the document from the
 * schemas Fastify validates them with, method by method: GET /api/banners/{id} (an image)
 * sits beside Nest's PUT and DELETE of the same path.
 */
function addPlainRoutes(document: OpenAPIObject, routes: readonly PlainRoute[]) {
  for (const { method, url, schema } of routes) {
    if (method === 'HEAD' || !isDocumented(schema)) continue;
    const path = url.replace(/:(\w+)/g, '{$1}');
    const item: PathItemObject = {
      ...document.paths[path],
      [method.toLowerCase()]: operationOf(schema),
    };
    document.paths[path] = item;
  }
}

/** The API document, built from the decorators on the routes, so it is always current. */
export function setupOpenApi(
  app: NestFastifyApplication,
  version: string,
  publicUrl: string,
  plainRoutes: () => readonly PlainRoute[],
) {
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
      .addBearerAuth(
        { type: 'http', scheme: 'bearer', bearerFormat: 'kl_live_…', description: API_KEY_DOC },
        API_KEY_SECURITY,
      )
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
  // Built on the first request, once every plain route is registered.
  const complete = () => {
    addPlainRoutes(document, plainRoutes());
    return document;
  };
  SwaggerModule.setup(API_DOCS_PATH, app, complete, {
    jsonDocumentUrl: `${API_DOCS_PATH}/json`,
    customSiteTitle: 'Kartlink API',
  });
}
