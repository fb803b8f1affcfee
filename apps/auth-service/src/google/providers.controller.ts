import { Controller, Inject } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { type AuthProviders, Subjects } from '@kartlink/contracts';
import { CONFIG } from '@kartlink/server-kit';
import type { AuthConfig } from '../config';

@Controller()
export class ProvidersController {
  constructor(@Inject(CONFIG) private readonly config: AuthConfig) {}

  @MessagePattern(Subjects.auth.providers)
  providers(): AuthProviders {
    return { google: Boolean(this.config.GOOGLE_CLIENT_ID && this.config.GOOGLE_CLIENT_SECRET) };
  }
}
