import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type Caller, type CreateApiKeyBody, Subjects } from '@kartlink/contracts';
import { ApiKeysService } from './api-keys.service';

@Controller()
export class ApiKeysController {
  constructor(private readonly keys: ApiKeysService) {}

  @MessagePattern(Subjects.auth.listApiKeys)
  list(@Payload() { caller }: { caller: Caller }) {
    return this.keys.list(caller);
  }

  @MessagePattern(Subjects.auth.createApiKey)
  create(@Payload() { caller, body }: { caller: Caller; body: CreateApiKeyBody }) {
    return this.keys.create(caller, body);
  }

  @MessagePattern(Subjects.auth.revokeApiKey)
  revoke(@Payload() { caller, id }: { caller: Caller; id: string }) {
    return this.keys.revoke(caller, id);
  }

  @MessagePattern(Subjects.auth.verifyApiKey)
  verify(@Payload() { hash }: { hash: string }) {
    return this.keys.verify(hash);
  }
}
