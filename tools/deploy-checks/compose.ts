import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { DEPLOY_APPS, type AppSchemas, type Checker } from './checker';
import { variableProblems, type Source } from './environment';

interface ComposeService {
  image?: string;
  build?: { target?: string } | string;
  command?: string[] | string;
  environment?: Record<string, unknown> | string[];
  depends_on?: Record<string, { condition?: string }> | string[];
  healthcheck?: { test?: unknown };
}

/** deploy/compose.yaml: the dependencies, every app with every variable, migrations first. */
export function checkCompose(checker: Checker, rootDir: string, schemas: AppSchemas): string {
  const file = join(rootDir, 'deploy', 'compose.yaml');
  let services: Record<string, ComposeService> = {};
  const parsed: string[] = [];
  try {
    const compose = parse(readFileSync(file, 'utf8'), { merge: true }) as {
      services?: Record<string, ComposeService>;
    };
    services = compose.services ?? {};
  } catch (err) {
    parsed.push((err as Error).message);
  }
  if (!checker.check('compose', 'deploy/compose.yaml parses', parsed)) return 'compose: unreadable';

  const required = [
    'postgres',
    'redis',
    'nats',
    ...DEPLOY_APPS,
    ...DEPLOY_APPS.filter((a) => a !== 'gateway').map((a) => `${a}-migrate`),
  ];
  checker.check(
    'compose',
    'has the dependencies, the apps and the migrations',
    required.filter((name) => !services[name]).map((name) => `service ${name} is missing`),
  );

  let appContainers = 0;
  for (const [name, service] of Object.entries(services)) {
    const target = typeof service.build === 'object' ? service.build.target : undefined;
    if (!target || !DEPLOY_APPS.includes(target)) continue;
    appContainers++;
    const variables = composeEnvironment(service.environment);
    checker.check(
      'compose',
      `${name} sets every variable ${target} reads`,
      variableProblems(schemas[target], variables),
    );
    const command = ([] as string[]).concat(service.command ?? []).join(' ');
    const dependsOn: Record<string, { condition?: string }> = Array.isArray(service.depends_on)
      ? Object.fromEntries(service.depends_on.map((d) => [d, {}]))
      : (service.depends_on ?? {});
    const problems: string[] = [];
    if (name.endsWith('-migrate')) {
      if (!command.includes(`apps/${target}/dist/migrate.js`))
        problems.push(`does not run apps/${target}/dist/migrate.js`);
      if (!dependsOn.postgres) problems.push('does not wait for postgres');
    } else {
      if (!service.healthcheck?.test) problems.push('has no healthcheck');
      const migrate = `${target}-migrate`;
      if (
        target !== 'gateway' &&
        dependsOn[migrate]?.condition !== 'service_completed_successfully'
      )
        problems.push(`does not wait for ${migrate} to complete`);
    }
    checker.check('compose', `${name}: migrations, dependencies and healthcheck`, problems);
  }
  return `compose: ${Object.keys(services).length} services, ${appContainers} app containers checked`;
}

function composeEnvironment(environment: ComposeService['environment']): Map<string, Source> {
  const sources = new Map<string, Source>();
  if (Array.isArray(environment)) {
    for (const entry of environment) {
      const [name, ...value] = entry.split('=');
      if (value.length > 0) sources.set(name, { kind: 'value', value: value.join('=') });
    }
  } else {
    for (const [name, value] of Object.entries(environment ?? {})) {
      if (value !== null && value !== undefined)
        sources.set(name, { kind: 'value', value: String(value) });
    }
  }
  return sources;
}
