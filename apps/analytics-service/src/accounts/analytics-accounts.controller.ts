import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type Caller, Subjects } from '@kartlink/contracts';
import { AnalyticsAccountsService } from './analytics-accounts.service';

@Controller()
export class AnalyticsAccountsController {
  constructor(private readonly accounts: AnalyticsAccountsService) {}

  @MessagePattern(Subjects.analytics.exportAccount)
  export(@Payload() { caller }: { caller: Caller }) {
    return this.accounts.export(caller);
  }
}
