import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  type AccountDeletionBody,
  type Caller,
  type ClientInfo,
  Subjects,
} from '@kartlink/contracts';
import { AccountsService } from './accounts.service';

@Controller()
export class AccountsController {
  constructor(private readonly accounts: AccountsService) {}

  @MessagePattern(Subjects.auth.sendDeletionCode)
  sendCode(@Payload() { caller }: { caller: Caller }) {
    return this.accounts.sendCode(caller);
  }

  @MessagePattern(Subjects.auth.deleteAccount)
  delete(
    @Payload()
    { caller, body, client }: { caller: Caller; body: AccountDeletionBody; client: ClientInfo },
  ) {
    return this.accounts.delete(caller, body ?? {}, client);
  }
}
