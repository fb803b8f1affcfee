import type { Schema } from '@kartlink/config';
import { readFileSync } from 'node:fs';
import type { AppSchemas } from './checker';

/** Where a variable's value comes from, for one container. */
export interface Source {
  kind: 'value' | 'configMap' | 'secret' | 'field';
  /** The literal or ConfigMap value, when known. */
  value?: string;
}

/** A problem for each variable the app reads that has no source. */
export function variableProblems(schema: Schema, sources: Map<string, Source>): string[] {
  return Object.entries(schema)
    .filter(([name]) => !sources.has(name))
    .map(([name, spec]) => `${name} is not set (${spec.description})`);
}

export function secretNames(schemas: AppSchemas): Set<string> {
  return new Set(
    Object.values(schemas).flatMap((schema) =>
      Object.entries(schema)
        .filter(([, spec]) => spec.secret)
        .map(([name]) => name),
    ),
  );
}

export function secretProblems(schema: Schema, sources: Map<string, Source>): string[] {
  return Object.entries(schema)
    .filter(([name, spec]) => spec.secret && sources.has(name))
    .filter(([name]) => sources.get(name)!.kind !== 'secret')
    .map(
      ([name]) => `${name} is a secret but comes from a ${sources.get(name)!.kind}, not a Secret`,
    );
}

/** The keys and values of a KEY=value file. */
export function readEnvFile(file: string): Record<string, string> {
  const entries: Record<string, string> = {};
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const match = /^\s*([A-Za-z_][A-Za-z0-9_]*)=(.*)$/.exec(line);
    if (match) entries[match[1]] = match[2];
  }
  return entries;
}
