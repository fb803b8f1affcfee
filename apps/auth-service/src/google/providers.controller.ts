import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { type AuthProviders, Subjects } from '@kartlink/contracts';
import { GoogleOidcClient } from './google-oidc.client';

@Controller()
export class ProvidersController {
  constructor(private readonly google: GoogleOidcClient) {}

  @MessagePattern(Subjects.auth.providers)
  providers(): AuthProviders {
    return { google: this.google.enabled };
  }
}
