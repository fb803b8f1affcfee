import { Body, Controller, Delete, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
} from '@nestjs/swagger';
import {
  API_KEY_RATE_LIMIT,
  type ApiKey,
  type Caller,
  type CreatedApiKey,
  MAX_API_KEYS_PER_USER,
  Subjects,
} from '@kartlink/contracts';
import { CreateApiKeyRequest } from '@kartlink/contracts/dto';
import { ServiceClient } from '../services/service-client';
import { ApiKeyCache } from './api-key-cache';
import { AuthGuard, CurrentCaller } from './auth.guard';

/**
 * The owner's API keys (the account page's "API keys"). Only a signed-in session manages
 * them: an API key calling these routes is refused with 403.
 */
@ApiTags('api-keys')
@ApiBearerAuth()
@UseGuards(AuthGuard)
@Controller('auth/api-keys')
export class ApiKeysController {
  constructor(
    private readonly services: ServiceClient,
    private readonly keys: ApiKeyCache,
  ) {}

  @Get()
  @ApiOperation({
    summary: 'The API keys: name, prefix, scopes, created, last used, expiry (never the secret)',
    description: 'Newest first. `lastUsedAt` is updated at most once a minute.',
  })
  @ApiOkResponse({ description: '{ success: true, data: ApiKey[] }' })
  list(@CurrentCaller() caller: Caller): Promise<ApiKey[]> {
    return this.services.request<ApiKey[]>(Subjects.auth.listApiKeys, { caller });
  }

  @Post()
  @ApiOperation({
    summary: 'Create an API key; its secret (`kl_live_…`) is in this answer only',
    description:
      'Scopes: products:read (list, read, export products), products:write (create, change, ' +
      'show on shop, delete and import products; includes products:read), analytics:read (the ' +
      'analytics reads and CSV files). `expiresAt` is an ISO date-time, or null for a key that ' +
      `never expires. At most ${MAX_API_KEYS_PER_USER} keys (403). An admin signed in as the ` +
      `user cannot create keys (403). Each key may make ${API_KEY_RATE_LIMIT.limit} requests a ` +
      'minute.',
  })
  @ApiCreatedResponse({ description: '{ success: true, data: { key: ApiKey, secret } }' })
  @ApiForbiddenResponse({ description: 'Too many keys, or an admin acting as the user' })
  create(
    @CurrentCaller() caller: Caller,
    @Body() body: CreateApiKeyRequest,
  ): Promise<CreatedApiKey> {
    return this.services.request<CreatedApiKey>(Subjects.auth.createApiKey, { caller, body });
  }

  @Delete(':id')
  @HttpCode(200)
  @ApiParam({ name: 'id', description: 'A key id from GET /api/auth/api-keys' })
  @ApiOperation({
    summary: 'Revoke an API key',
    description: 'The key is refused from its next request on, through every gateway replica.',
  })
  @ApiOkResponse({ description: '{ success: true, data: null }' })
  @ApiNotFoundResponse({ description: 'Not one of your API keys' })
  async revoke(@CurrentCaller() caller: Caller, @Param('id') id: string) {
    await this.services.request(Subjects.auth.revokeApiKey, { caller, id });
    this.keys.forgetUser(caller.userId);
    return null;
  }
}
