import {
  type CustomDomain,
  CUSTOM_DOMAIN_TXT_PREFIX,
  customDomainOrigin,
  customDomainTxtName,
} from '@kartlink/contracts';
import type { ShopDomainEntity } from './shop-domain.entity';

/** A domain as its owner sees it, with the two records to create. */
export function toCustomDomain(
  row: ShopDomainEntity,
  target: string,
  protocol: string,
): CustomDomain {
  return {
    domain: row.domain,
    status: row.status,
    records: [
      { type: 'CNAME', name: row.domain, value: target, ok: row.cnameOk },
      {
        type: 'TXT',
        name: customDomainTxtName(row.domain),
        value: `${CUSTOM_DOMAIN_TXT_PREFIX}${row.token}`,
        ok: row.txtOk,
      },
    ],
    problem: row.problem,
    lastCheckedAt: row.checkedAt?.toISOString() ?? null,
    verifiedAt: row.verifiedAt?.toISOString() ?? null,
    url: row.status === 'verified' ? customDomainOrigin(row.domain, protocol) : null,
  };
}
