import { SERVICE_NAMES, type ServiceName } from '@kartlink/contracts';
import type { Schema } from '@kartlink/config';
import { configSchema as analytics } from '@kartlink/analytics-service/tooling';
import { configSchema as auth } from '@kartlink/auth-service/tooling';
import { configSchema as gateway } from '@kartlink/gateway/tooling';
import { configSchema as media } from '@kartlink/media-service/tooling';
import { configSchema as shop } from '@kartlink/shop-service/tooling';

export const DEPLOY_APPS = ['gateway', ...SERVICE_NAMES.map((service) => `${service}-service`)];

/** One thing checked: it passed when it found no problem. */
export interface Assertion {
  group: string;
  name: string;
  problems: string[];
}

export type AppSchemas = Record<string, Schema>;

/**
 * Each app's config schema, through its package's tooling entry (a new service fails to
 * compile here until its schema is listed).
 */
export const APP_SCHEMAS: AppSchemas = {
  gateway,
  'auth-service': auth,
  'shop-service': shop,
  'media-service': media,
  'analytics-service': analytics,
} satisfies Record<'gateway' | `${ServiceName}-service`, Schema>;

/** Collects the assertions; `check` records one and says whether it passed. */
export class Checker {
  readonly assertions: Assertion[] = [];

  check(group: string, name: string, problems: string[]): boolean {
    this.assertions.push({ group, name, problems });
    return problems.length === 0;
  }
}
