import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ApiExtension, ApiSecurity } from '@nestjs/swagger';
import type { ApiKeyScope } from '@kartlink/contracts';

export const API_KEY_SCOPE = Symbol('API_KEY_SCOPE');

/** The security scheme of API keys in the OpenAPI document (openapi.ts). */
export const API_KEY_SECURITY = 'apiKey';

/**
 * Lets an API key with `scope` call the route (a signed-in session always may). A route
 * without it refuses every API key with 403: account, admin, session, shop settings and key
 * management routes never carry it.
 */
export const ApiKeyScopeNeeded = (scope: ApiKeyScope) =>
  applyDecorators(
    SetMetadata(API_KEY_SCOPE, scope),
    ApiSecurity(API_KEY_SECURITY),
    ApiExtension('x-api-key-scope', scope),
  );
