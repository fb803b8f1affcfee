import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { Subjects } from '@kartlink/contracts';
import { KeysService } from './keys.service';

@Controller()
export class KeysController {
  constructor(private readonly keys: KeysService) {}

  @MessagePattern(Subjects.auth.signingKeys)
  publicKeys() {
    return this.keys.publicKeys();
  }
}
