import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type Caller, Subjects } from '@kartlink/contracts';
import { MediaAccountsService } from './media-accounts.service';

@Controller()
export class MediaAccountsController {
  constructor(private readonly accounts: MediaAccountsService) {}

  @MessagePattern(Subjects.media.exportAccount)
  export(@Payload() { caller }: { caller: Caller }) {
    return this.accounts.export(caller);
  }
}
