import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type Caller, type CustomDomainBody, Subjects } from '@kartlink/contracts';
import { DomainsService } from './domains.service';

@Controller()
export class DomainsController {
  constructor(private readonly domains: DomainsService) {}

  @MessagePattern(Subjects.shop.domainGet)
  get(@Payload() { caller }: { caller: Caller }) {
    return this.domains.get(caller);
  }

  @MessagePattern(Subjects.shop.domainSet)
  set(@Payload() { caller, body }: { caller: Caller; body: CustomDomainBody }) {
    return this.domains.set(caller, body);
  }

  @MessagePattern(Subjects.shop.domainVerify)
  verify(@Payload() { caller }: { caller: Caller }) {
    return this.domains.verify(caller);
  }

  @MessagePattern(Subjects.shop.domainDelete)
  remove(@Payload() { caller }: { caller: Caller }) {
    return this.domains.remove(caller);
  }

  @MessagePattern(Subjects.shop.domainResolve)
  resolve(@Payload() { host }: { host: unknown }) {
    return this.domains.resolve(host);
  }
}
