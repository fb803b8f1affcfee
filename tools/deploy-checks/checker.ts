import { SERVICE_NAMES } from '@kartlink/contracts';
import type { Schema } from '@kartlink/config';
import { join } from 'node:path';

export const DEPLOY_APPS = ['gateway', ...SERVICE_NAMES.map((service) => `${service}-service`)];

/** One thing checked: it passed when it found no problem. */
export interface Assertion {
  group: string;
  name: string;
  problems: string[];
}

export type AppSchemas = Record<string, Schema>;

/** Each app's config schema, read from its source (tools may read app files by path). */
export async function loadAppSchemas(rootDir: string): Promise<AppSchemas> {
  const schemas: AppSchemas = {};
  for (const app of DEPLOY_APPS) {
    const module = (await import(join(rootDir, 'apps', app, 'src', 'config.ts'))) as {
      configSchema: Schema;
    };
    schemas[app] = module.configSchema;
  }
  return schemas;
}

/** Collects the assertions; `check` records one and says whether it passed. */
export class Checker {
  readonly assertions: Assertion[] = [];

  check(group: string, name: string, problems: string[]): boolean {
    this.assertions.push({ group, name, problems });
    return problems.length === 0;
  }
}
