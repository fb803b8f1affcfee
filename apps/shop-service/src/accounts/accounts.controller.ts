import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type Caller, ErrorCode, isUuid, Subjects } from '@kartlink/contracts';
import { readPayload, UserDeletedPayload } from '@kartlink/contracts/dto';
import { ServiceError } from '@kartlink/server-kit';
import { AccountsService } from './accounts.service';

@Controller()
export class AccountsController {
  constructor(private readonly accounts: AccountsService) {}

  @MessagePattern(Subjects.shop.accountShop)
  shop(@Payload() { userId }: { userId: string }) {
    if (!isUuid(userId)) throw new ServiceError(ErrorCode.BAD_REQUEST, 'userId must be a uuid');
    return this.accounts.shopOf(userId);
  }

  @MessagePattern(Subjects.shop.exportAccount)
  export(@Payload() { caller }: { caller: Caller }) {
    return this.accounts.export(caller);
  }

  @MessagePattern(Subjects.shop.applyUserDeleted)
  applyUserDeleted(@Payload() event: unknown) {
    const valid = readPayload(UserDeletedPayload, event);
    if (!valid) throw new ServiceError(ErrorCode.BAD_REQUEST, 'Not a user-deleted event');
    return this.accounts.applyUserDeleted(valid);
  }
}
