import { IsString, MaxLength } from 'class-validator';
import { CUSTOM_DOMAIN_MAX, type CustomDomainBody, DomainMessages } from '../custom-domains';

/** PUT /api/shop/domain. The name's rules are checked by shop-service (normalizeCustomDomain). */
export class SetCustomDomainRequest implements CustomDomainBody {
  @IsString({ message: DomainMessages.required })
  @MaxLength(CUSTOM_DOMAIN_MAX + 1, { message: DomainMessages.invalid })
  domain!: string;
}
