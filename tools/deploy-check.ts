import { SERVICE_NAMES } from '@kartlink/contracts';
import type { Schema } from '@kartlink/config';
import { runCommand } from '@kartlink/infra';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { Deployment } from 'kubernetes-models/apps/v1';
import { Job } from 'kubernetes-models/batch/v1';
import { Ingress } from 'kubernetes-models/networking.k8s.io/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { ConfigMap, Namespace, Secret, Service } from 'kubernetes-models/v1';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { parse, parseAllDocuments } from 'yaml';

/**
 * The `deploy` stage of `npm test`: renders each Kustomize overlay with `kubectl kustomize`,
 * validates every object against the Kubernetes schemas (kubernetes-models), and checks what
 * the schemas cannot: that every variable an app's config schema declares is set for its
 * Deployment and migration Job in every overlay and for its containers in deploy/compose.yaml,
 * secrets only from Secrets, probes, resources, autoscalers and disruption budgets, the
 * Dockerfile's targets, and the configuration tables of the README and of each app's README.
 * Also runnable alone: `npx tsx tools/deploy-check.ts`, or
 * `npx tsx tools/deploy-check.ts --config-table [app]` to print the table for the README (or
 * for apps/<app>/README.md).
 */

const DEPLOY_APPS = ['gateway', ...SERVICE_NAMES.map((service) => `${service}-service`)];
const KUBERNETES_SCHEMA_VERSION = '1.27';

/** One thing checked: it passed when it found no problem. */
interface Assertion {
  group: string;
  name: string;
  problems: string[];
}

export interface DeployCheck {
  assertions: Assertion[];
  /** What was checked, group by group, then every problem. */
  output: string;
}

type AppSchemas = Record<string, Schema>;

interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  data?: Record<string, string>;
  stringData?: Record<string, string>;
  spec?: Record<string, unknown>;
}

interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: {
    configMapKeyRef?: { name: string; key: string; optional?: boolean };
    secretKeyRef?: { name: string; key: string; optional?: boolean };
    fieldRef?: unknown;
    resourceFieldRef?: unknown;
  };
}

interface EnvFromSource {
  prefix?: string;
  configMapRef?: { name: string; optional?: boolean };
  secretRef?: { name: string; optional?: boolean };
}

interface Probe {
  exec?: { command?: string[] };
  httpGet?: { path?: string; port?: number | string };
}

interface Container {
  name: string;
  image?: string;
  command?: string[];
  ports?: Array<{ name?: string; containerPort: number }>;
  env?: EnvVar[];
  envFrom?: EnvFromSource[];
  readinessProbe?: Probe;
  livenessProbe?: Probe;
  startupProbe?: Probe;
  lifecycle?: { preStop?: unknown };
  resources?: {
    requests?: Record<string, string | number>;
    limits?: Record<string, string | number>;
  };
  securityContext?: { runAsNonRoot?: boolean; allowPrivilegeEscalation?: boolean };
}

interface PodSpec {
  containers: Container[];
  terminationGracePeriodSeconds?: number;
  restartPolicy?: string;
  securityContext?: { runAsNonRoot?: boolean };
}

interface PodTemplate {
  metadata?: { labels?: Record<string, string> };
  spec: PodSpec;
}

/** Where a variable's value comes from, for one container. */
interface Source {
  kind: 'value' | 'configMap' | 'secret' | 'field';
  /** The literal or ConfigMap value, when known. */
  value?: string;
}

// The only API versions the manifests may use, each with its schema.
const MODELS: Record<string, new (data: never) => { validate(): void }> = {
  'v1/ConfigMap': ConfigMap,
  'v1/Secret': Secret,
  'v1/Service': Service,
  'v1/Namespace': Namespace,
  'apps/v1/Deployment': Deployment,
  'batch/v1/Job': Job,
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
  'networking.k8s.io/v1/Ingress': Ingress,
};

/** Each app's config schema, read from its source (tools may read app files by path). */
async function loadAppSchemas(rootDir: string): Promise<AppSchemas> {
  const schemas: AppSchemas = {};
  for (const app of DEPLOY_APPS) {
    const module = (await import(join(rootDir, 'apps', app, 'src', 'config.ts'))) as {
      configSchema: Schema;
    };
    schemas[app] = module.configSchema;
  }
  return schemas;
}

class Checker {
  readonly assertions: Assertion[] = [];

  check(group: string, name: string, problems: string[]): boolean {
    this.assertions.push({ group, name, problems });
    return problems.length === 0;
  }
}

/** Runs every check; never throws for a problem in the files, only lists it. */
export async function checkDeploy(rootDir: string): Promise<DeployCheck> {
  const checker = new Checker();
  const notes: string[] = [];
  const schemas = await loadAppSchemas(rootDir);

  const kubectl = await findKubectl();
  if (checker.check('tools', 'kubectl with kustomize v5', kubectl.problems)) {
    notes.push(`kubectl ${kubectl.version} (kustomize ${kubectl.kustomize})`);
    const overlays = readdirSync(join(rootDir, 'deploy', 'k8s', 'overlays'));
    for (const overlay of overlays) {
      notes.push(await checkOverlay(checker, rootDir, kubectl.path, overlay, schemas));
    }
  }
  notes.push(checkCompose(checker, rootDir, schemas));
  notes.push(checkDockerfile(checker, rootDir));
  notes.push(await checkProbeScript(checker, rootDir));
  notes.push(checkReadmeTable(checker, rootDir, schemas));
  notes.push(checkAppReadmeTables(checker, rootDir, schemas));
  return { assertions: checker.assertions, output: report(checker.assertions, notes) };
}

function report(assertions: readonly Assertion[], notes: readonly string[]): string {
  const lines = notes.map((note) => `  ${note}`);
  const failed = assertions.filter((a) => a.problems.length > 0);
  const passed = assertions.length - failed.length;
  lines.push(`  ${passed} of ${assertions.length} checks passed`);
  for (const assertion of failed) {
    lines.push(`  ✘ ${assertion.group}: ${assertion.name}`);
    for (const problem of assertion.problems) lines.push(`      - ${problem}`);
  }
  return lines.join('\n');
}

// ---------------------------------------------------------------------------------------------
// kubectl

async function findKubectl(): Promise<{
  path: string;
  version?: string;
  kustomize?: string;
  problems: string[];
}> {
  const path = process.env.KUBECTL || 'kubectl';
  const result = await runCommand(path, ['version', '--client', '-o', 'json'], {
    timeoutMs: 20_000,
  });
  const install =
    'Install kubectl 1.27 or newer, which embeds kustomize v5 (https://kubernetes.io/docs/tasks/tools/; ' +
    "Debian's kubernetes-client package is kubectl 1.20 with kustomize v2, too old for these " +
    'manifests), or set KUBECTL to its path, then run `npm test -- deploy` again.';
  if (result.code === 127) return { path, problems: [`${path} is not installed. ${install}`] };
  let info: { clientVersion?: { gitVersion?: string }; kustomizeVersion?: string } = {};
  try {
    info = JSON.parse(result.output.slice(result.output.indexOf('{'))) as typeof info;
  } catch {
    return { path, problems: [`${path} version failed:\n${result.output}`] };
  }
  const kustomize = info.kustomizeVersion ?? 'none';
  const major = Number(/^v?(\d+)/.exec(kustomize)?.[1] ?? 0);
  return {
    path,
    version: info.clientVersion?.gitVersion,
    kustomize,
    problems: major >= 5 ? [] : [`${path} embeds kustomize ${kustomize}. ${install}`],
  };
}

// ---------------------------------------------------------------------------------------------
// Kubernetes overlays

async function checkOverlay(
  checker: Checker,
  rootDir: string,
  kubectl: string,
  overlay: string,
  schemas: AppSchemas,
): Promise<string> {
  const overlayDir = join(rootDir, 'deploy', 'k8s', 'overlays', overlay);
  const rendered = await runCommand(kubectl, ['kustomize', overlayDir], { timeoutMs: 60_000 });
  const renders = rendered.code === 0 ? [] : [rendered.output.trim()];
  const objects: K8sObject[] = [];
  if (renders.length === 0) {
    const documents = parseAllDocuments(rendered.output);
    for (const document of documents) {
      if (document.errors.length > 0) renders.push(document.errors.map(String).join('\n'));
      else if (document.contents) objects.push(document.toJS() as K8sObject);
    }
  }
  if (!checker.check(overlay, 'kubectl kustomize renders it', renders)) {
    return `${overlay}: does not render`;
  }

  for (const object of objects) {
    checker.check(
      `${overlay}`,
      `${object.kind}/${object.metadata?.name} matches the Kubernetes ${KUBERNETES_SCHEMA_VERSION} schema`,
      schemaProblems(object),
    );
  }

  const cluster = new Rendered(objects, overlayDir, rootDir);
  const counts: string[] = [];
  for (const app of DEPLOY_APPS) {
    const schema = schemas[app];
    const deployment = cluster.find('Deployment', app);
    if (!checker.check(overlay, `Deployment/${app} exists`, deployment ? [] : ['missing'])) {
      continue;
    }
    const pod = podTemplate(deployment!);
    const container = pod.spec.containers.find((c) => c.name === app);
    if (
      !checker.check(
        overlay,
        `Deployment/${app} has a container named ${app}`,
        container ? [] : [`containers: ${pod.spec.containers.map((c) => c.name).join(', ')}`],
      )
    ) {
      continue;
    }
    const env = cluster.environment(container!);
    checker.check(
      overlay,
      `Deployment/${app} sets every variable ${app} reads`,
      variableProblems(schema, env.sources),
    );
    counts.push(`${app} ${Object.keys(schema).length}`);
    checker.check(overlay, `Deployment/${app} takes its secrets from Secrets`, [
      ...env.problems,
      ...secretProblems(schema, env.sources),
    ]);
    checker.check(
      overlay,
      `Deployment/${app}: probes, resources, grace period, non-root, version`,
      workloadProblems(app, pod, container!, env.sources),
    );
    checker.check(overlay, `${app} scales: HPA autoscaling/v2 and PDB policy/v1`, [
      ...cluster.autoscalerProblems(app),
      ...cluster.disruptionBudgetProblems(app, pod),
    ]);
    if (app === 'gateway') {
      checker.check(
        overlay,
        'gateway: Service and Ingress route to it',
        cluster.routeProblems(pod),
      );
    } else {
      const runsMigrations = (c: Container) =>
        (c.command ?? []).join(' ').includes(`apps/${app}/dist/migrate.js`);
      const job = cluster
        .all('Job')
        .find((j) => podTemplate(j).spec.containers.some(runsMigrations));
      if (
        !checker.check(
          overlay,
          `a Job runs ${app}'s migrations`,
          job ? [] : [`no Job runs node apps/${app}/dist/migrate.js`],
        )
      ) {
        continue;
      }
      const jobPod = podTemplate(job!);
      const migrate = jobPod.spec.containers.find(runsMigrations)!;
      const jobEnv = cluster.environment(migrate);
      checker.check(overlay, `Job/${job!.metadata.name} sets every variable ${app} reads`, [
        ...variableProblems(schema, jobEnv.sources),
        ...jobEnv.problems,
        ...secretProblems(schema, jobEnv.sources),
        ...jobProblems(app, jobPod, migrate),
      ]);
    }
  }
  checker.check(
    overlay,
    'no ConfigMap holds a secret variable',
    cluster.configMapSecretProblems(secretNames(schemas)),
  );
  return `${overlay}: ${objects.length} objects rendered and validated; variables set per app: ${counts.join(', ')}`;
}

function schemaProblems(object: K8sObject): string[] {
  const Model = MODELS[`${object.apiVersion}/${object.kind}`];
  if (!Model) {
    return [
      `${object.apiVersion} ${object.kind} is not a kind these manifests may use ` +
        `(known: ${Object.keys(MODELS).join(', ')})`,
    ];
  }
  // Kustomize wraps long base64 values over several lines; the API server's decoder skips the
  // line breaks, the schema's "byte" format does not.
  const data = object.kind === 'Secret' && object.data;
  const normalized = data
    ? {
        ...object,
        data: Object.fromEntries(Object.entries(data).map(([k, v]) => [k, v.replace(/\s/g, '')])),
      }
    : object;
  try {
    new Model(normalized as never).validate();
    return [];
  } catch (err) {
    const errors = (err as { errors?: Array<{ instancePath?: string; message?: string }> }).errors;
    if (!errors) return [(err as Error).message];
    return errors.map((e) => `${e.instancePath || '/'} ${e.message}`);
  }
}

function podTemplate(object: K8sObject): PodTemplate {
  return (object.spec as { template: PodTemplate }).template;
}

/** The rendered objects of one overlay, and what a container's environment resolves to. */
class Rendered {
  constructor(
    private readonly objects: readonly K8sObject[],
    private readonly overlayDir: string,
    private readonly rootDir: string,
  ) {}

  all(kind: string): K8sObject[] {
    return this.objects.filter((o) => o.kind === kind);
  }

  find(kind: string, name: string): K8sObject | undefined {
    return this.objects.find((o) => o.kind === kind && o.metadata.name === name);
  }

  /**
   * The keys of a Secret: rendered, or created by the operator and described by
   * `<overlay>/<name>.env.example` (its keys, with placeholder values).
   */
  private secretKeys(name: string): { keys?: string[]; where?: string; problem?: string } {
    const secret = this.find('Secret', name);
    if (secret) {
      const keys = [...Object.keys(secret.data ?? {}), ...Object.keys(secret.stringData ?? {})];
      return { keys, where: `Secret ${name}` };
    }
    const example = join(this.overlayDir, `${name}.env.example`);
    if (existsSync(example)) {
      const where = `the operator-created Secret ${name} (${relative(this.rootDir, example)})`;
      return { keys: Object.keys(readEnvFile(example)), where };
    }
    return {
      problem:
        `Secret ${name} is neither rendered nor described by ` +
        `${relative(this.rootDir, example)} (the keys an operator-created Secret must have)`,
    };
  }

  environment(container: Container): { sources: Map<string, Source>; problems: string[] } {
    const sources = new Map<string, Source>();
    const problems: string[] = [];
    for (const from of container.envFrom ?? []) {
      const prefix = from.prefix ?? '';
      if (from.configMapRef) {
        const configMap = this.find('ConfigMap', from.configMapRef.name);
        if (!configMap) {
          if (!from.configMapRef.optional)
            problems.push(`envFrom ConfigMap ${from.configMapRef.name} does not exist`);
          continue;
        }
        for (const [key, value] of Object.entries(configMap.data ?? {})) {
          sources.set(prefix + key, { kind: 'configMap', value });
        }
      }
      if (from.secretRef) {
        const { keys, problem } = this.secretKeys(from.secretRef.name);
        if (problem && !from.secretRef.optional) problems.push(problem);
        for (const key of keys ?? []) sources.set(prefix + key, { kind: 'secret' });
      }
    }
    for (const variable of container.env ?? []) {
      const ref = variable.valueFrom;
      if (!ref) {
        sources.set(variable.name, { kind: 'value', value: variable.value ?? '' });
      } else if (ref.configMapKeyRef) {
        const { name, key, optional } = ref.configMapKeyRef;
        const value = this.find('ConfigMap', name)?.data?.[key];
        if (value !== undefined) sources.set(variable.name, { kind: 'configMap', value });
        else if (!optional) problems.push(`${variable.name}: ConfigMap ${name} has no key ${key}`);
      } else if (ref.secretKeyRef) {
        const { name, key, optional } = ref.secretKeyRef;
        const { keys, where, problem } = this.secretKeys(name);
        if (keys?.includes(key)) sources.set(variable.name, { kind: 'secret' });
        else if (!optional)
          problems.push(`${variable.name}: ${problem ?? `${where} has no key ${key}`}`);
      } else {
        sources.set(variable.name, { kind: 'field' });
      }
    }
    return { sources, problems };
  }

  autoscalerProblems(app: string): string[] {
    const hpa = this.all('HorizontalPodAutoscaler').find((h) => {
      const target = (h.spec as { scaleTargetRef?: { kind?: string; name?: string } })
        .scaleTargetRef;
      return target?.kind === 'Deployment' && target.name === app;
    });
    if (!hpa) return [`no HorizontalPodAutoscaler targets Deployment/${app}`];
    const problems: string[] = [];
    if (hpa.apiVersion !== 'autoscaling/v2') problems.push(`HPA uses ${hpa.apiVersion}`);
    const { minReplicas = 1, maxReplicas } = hpa.spec as {
      minReplicas?: number;
      maxReplicas: number;
    };
    if (!(maxReplicas >= minReplicas)) problems.push('HPA maxReplicas is below minReplicas');
    return problems;
  }

  disruptionBudgetProblems(app: string, pod: PodTemplate): string[] {
    const labels = pod.metadata?.labels ?? {};
    const pdb = this.all('PodDisruptionBudget').find((p) =>
      selects((p.spec as { selector?: { matchLabels?: Record<string, string> } }).selector, labels),
    );
    if (!pdb) return [`no PodDisruptionBudget selects the pods of ${app}`];
    return pdb.apiVersion === 'policy/v1' ? [] : [`PDB uses ${pdb.apiVersion}`];
  }

  routeProblems(pod: PodTemplate): string[] {
    const labels = pod.metadata?.labels ?? {};
    const ports = pod.spec.containers.flatMap((c) => c.ports ?? []);
    const service = this.all('Service').find((s) =>
      selects({ matchLabels: (s.spec as { selector?: Record<string, string> }).selector }, labels),
    );
    if (!service) return ['no Service selects the gateway pods'];
    const problems: string[] = [];
    const servicePorts = (service.spec as { ports?: Array<{ port: number; targetPort?: unknown }> })
      .ports;
    for (const port of servicePorts ?? []) {
      const target = port.targetPort ?? port.port;
      if (!ports.some((p) => p.name === target || p.containerPort === target)) {
        problems.push(
          `Service/${service.metadata.name} port ${port.port} targets ${String(target)}, which the pod does not expose`,
        );
      }
    }
    const routed = this.all('Ingress').some((ingress) =>
      JSON.stringify(ingress.spec).includes(`"name":"${service.metadata.name}"`),
    );
    if (!routed) problems.push(`no Ingress routes to Service/${service.metadata.name}`);
    return problems;
  }

  configMapSecretProblems(secretVariables: Set<string>): string[] {
    return this.all('ConfigMap').flatMap((configMap) =>
      Object.keys(configMap.data ?? {})
        .filter((key) => secretVariables.has(key))
        .map(
          (key) =>
            `ConfigMap ${configMap.metadata.name} holds ${key}, a secret: move it to a Secret`,
        ),
    );
  }
}

function selects(
  selector: { matchLabels?: Record<string, string> } | undefined,
  labels: Record<string, string>,
): boolean {
  const wanted = Object.entries(selector?.matchLabels ?? {});
  return wanted.length > 0 && wanted.every(([key, value]) => labels[key] === value);
}

function variableProblems(schema: Schema, sources: Map<string, Source>): string[] {
  return Object.entries(schema)
    .filter(([name]) => !sources.has(name))
    .map(([name, spec]) => `${name} is not set (${spec.description})`);
}

function secretNames(schemas: AppSchemas): Set<string> {
  return new Set(
    Object.values(schemas).flatMap((schema) =>
      Object.entries(schema)
        .filter(([, spec]) => spec.secret)
        .map(([name]) => name),
    ),
  );
}

function secretProblems(schema: Schema, sources: Map<string, Source>): string[] {
  return Object.entries(schema)
    .filter(([name, spec]) => spec.secret && sources.has(name))
    .filter(([name]) => sources.get(name)!.kind !== 'secret')
    .map(
      ([name]) => `${name} is a secret but comes from a ${sources.get(name)!.kind}, not a Secret`,
    );
}

function workloadProblems(
  app: string,
  pod: PodTemplate,
  container: Container,
  sources: Map<string, Source>,
): string[] {
  const problems: string[] = [];
  const service = app.replace(/-service$/, '');
  if (typeof pod.spec.terminationGracePeriodSeconds !== 'number')
    problems.push('terminationGracePeriodSeconds is not set');
  if (!(pod.spec.securityContext?.runAsNonRoot || container.securityContext?.runAsNonRoot))
    problems.push('runAsNonRoot is not set');
  for (const kind of ['requests', 'limits'] as const) {
    for (const resource of ['cpu', 'memory']) {
      if (container.resources?.[kind]?.[resource] === undefined)
        problems.push(`resources.${kind}.${resource} is not set`);
    }
  }
  const expected: Record<'readinessProbe' | 'livenessProbe', string> =
    app === 'gateway'
      ? { readinessProbe: '/api/health/ready?scope=gateway', livenessProbe: '/api/health/live' }
      : {
          readinessProbe: `deploy/probes/service-health.mjs ${service} ready`,
          livenessProbe: `deploy/probes/service-health.mjs ${service} live`,
        };
  for (const [probe, wanted] of Object.entries(expected) as Array<
    [keyof typeof expected, string]
  >) {
    const spec = container[probe];
    const actual = spec?.httpGet?.path ?? spec?.exec?.command?.join(' ') ?? '';
    if (!spec) problems.push(`${probe} is not set`);
    else if (!actual.includes(wanted))
      problems.push(`${probe} should check ${wanted}, not ${actual}`);
  }
  if (app === 'gateway' && !container.lifecycle?.preStop)
    problems.push('the gateway has no preStop pause for the ingress to stop routing to it');
  // The grace period must cover the preStop pause and the app's own shutdown budget.
  const shutdownMs = Number(sources.get('SHUTDOWN_TIMEOUT_MS')?.value ?? 0);
  const preStop = container.lifecycle?.preStop as { exec?: { command?: string[] } } | undefined;
  const sleep = /^sleep (\d+)$/.exec(preStop?.exec?.command?.join(' ') ?? '');
  const preStopMs = 1000 * Number(sleep?.[1] ?? 0);
  const graceMs = 1000 * (pod.spec.terminationGracePeriodSeconds ?? 30);
  if (shutdownMs + preStopMs >= graceMs)
    problems.push(
      `terminationGracePeriodSeconds (${graceMs / 1000} s) does not cover the preStop pause ` +
        `(${preStopMs / 1000} s) plus SHUTDOWN_TIMEOUT_MS (${shutdownMs / 1000} s)`,
    );
  const tag = /:([^:/@]+)$/.exec(container.image ?? '')?.[1];
  if (!tag || tag === 'latest') problems.push(`image ${container.image} has no fixed tag`);
  const version = sources.get('APP_VERSION')?.value;
  if (tag && version !== undefined && version !== tag)
    problems.push(`APP_VERSION is ${version} but the image tag is ${tag}`);
  return problems;
}

function jobProblems(app: string, pod: PodTemplate, container: Container): string[] {
  const problems: string[] = [];
  if (!['Never', 'OnFailure'].includes(pod.spec.restartPolicy ?? ''))
    problems.push('restartPolicy must be Never or OnFailure');
  if (!container.image?.includes(app)) problems.push(`runs ${container.image}, not ${app}'s image`);
  if (!(pod.spec.securityContext?.runAsNonRoot || container.securityContext?.runAsNonRoot))
    problems.push('runAsNonRoot is not set');
  return problems;
}

// ---------------------------------------------------------------------------------------------
// docker compose

interface ComposeService {
  image?: string;
  build?: { target?: string } | string;
  command?: string[] | string;
  environment?: Record<string, unknown> | string[];
  depends_on?: Record<string, { condition?: string }> | string[];
  healthcheck?: { test?: unknown };
}

function checkCompose(checker: Checker, rootDir: string, schemas: AppSchemas): string {
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

// ---------------------------------------------------------------------------------------------
// Dockerfile, probe script, README

function checkDockerfile(checker: Checker, rootDir: string): string {
  const dockerfile = readFileSync(join(rootDir, 'deploy', 'Dockerfile'), 'utf8');
  const stages = new Map<string, string>();
  let current = '';
  for (const line of dockerfile.split('\n')) {
    const from = /^FROM\s+\S+\s+AS\s+(\S+)/i.exec(line);
    if (from) current = from[1];
    if (current) stages.set(current, `${stages.get(current) ?? ''}${line}\n`);
  }
  for (const app of DEPLOY_APPS) {
    const stage = stages.get(app);
    const cmd = `CMD ["node", "apps/${app}/dist/main.js"]`;
    checker.check(
      'Dockerfile',
      `target ${app} runs ${app} as node`,
      !stage
        ? [`no stage \`AS ${app}\``]
        : [
            ...(stage.includes(cmd) ? [] : [`the stage does not end with ${cmd}`]),
            ...(/^FROM\s+runtime\s/im.test(stage) ? [] : ['the stage is not FROM runtime']),
          ],
    );
  }
  checker.check(
    'Dockerfile',
    'the runtime stage runs as the user node',
    /^USER node$/m.test(stages.get('runtime') ?? '') ? [] : ['no `USER node` in stage runtime'],
  );
  const manifests = stages.get('manifests') ?? '';
  checker.check(
    'Dockerfile',
    "the manifests stage copies every workspace's package.json",
    workspaceDirs(rootDir)
      .filter((dir) => !manifests.includes(`COPY ${dir}/package.json ${dir}/`))
      .map((dir) => `COPY ${dir}/package.json ${dir}/ is missing`),
  );
  const ignore = existsSync(join(rootDir, '.dockerignore'))
    ? readFileSync(join(rootDir, '.dockerignore'), 'utf8')
    : '';
  checker.check(
    'Dockerfile',
    '.dockerignore keeps node_modules and builds out of the context',
    ['**/node_modules', '**/dist', '.git']
      .filter((pattern) => !ignore.split('\n').includes(pattern))
      .map((pattern) => `.dockerignore lacks ${pattern}`),
  );
  return `Dockerfile: ${DEPLOY_APPS.length} targets, ${workspaceDirs(rootDir).length} workspace manifests`;
}

function workspaceDirs(rootDir: string): string[] {
  const { workspaces = [] } = JSON.parse(readFileSync(join(rootDir, 'package.json'), 'utf8')) as {
    workspaces?: string[];
  };
  return workspaces.flatMap((pattern) => {
    if (!pattern.endsWith('/*')) return [pattern];
    const parent = pattern.slice(0, -2);
    return readdirSync(join(rootDir, parent), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => `${parent}/${entry.name}`)
      .filter((dir) => existsSync(join(rootDir, dir, 'package.json')));
  });
}

async function checkProbeScript(checker: Checker, rootDir: string): Promise<string> {
  const script = join(rootDir, 'deploy', 'probes', 'service-health.mjs');
  const result = await runCommand(process.execPath, ['--check', script], { timeoutMs: 20_000 });
  checker.check(
    'probes',
    'deploy/probes/service-health.mjs parses',
    result.code === 0 ? [] : [result.output],
  );
  return 'probes: deploy/probes/service-health.mjs';
}

/** The README's configuration reference, generated from the apps' config schemas. */
function configTable(schemas: AppSchemas): string {
  const rows = new Map<
    string,
    { apps: string[]; defaults: Set<string>; secret: boolean; description: string }
  >();
  for (const app of DEPLOY_APPS) {
    for (const [name, spec] of Object.entries(schemas[app])) {
      const row = rows.get(name) ?? {
        apps: [],
        defaults: new Set(),
        secret: false,
        description: spec.description,
      };
      row.apps.push(app);
      row.defaults.add(formatDefault(spec.default));
      row.secret ||= Boolean(spec.secret);
      rows.set(name, row);
    }
  }
  const services = DEPLOY_APPS.filter((app) => app !== 'gateway');
  const appsOf = (apps: string[]) =>
    apps.length === DEPLOY_APPS.length
      ? 'all'
      : apps.length === services.length && services.every((s) => apps.includes(s))
        ? 'all services'
        : apps.join(', ');
  const sorted = [...rows.entries()].sort(([, a], [, b]) => b.apps.length - a.apps.length);
  const header = ['Variable', 'Read by', 'Default', 'Secret', 'What it does'];
  const body = sorted.map(([name, row]) => [
    `\`${name}\``,
    appsOf(row.apps),
    [...row.defaults].join(' / '),
    row.secret ? 'yes' : '',
    row.description,
  ]);
  return markdownTable(header, body);
}

/** An app README's configuration table: the variables its config schema declares, in order. */
function appConfigTable(schema: Schema): string {
  const header = ['Variable', 'Default', 'Secret', 'What it does'];
  const body = Object.entries(schema).map(([name, spec]) => [
    `\`${name}\``,
    formatDefault(spec.default),
    spec.secret ? 'yes' : '',
    spec.description,
  ]);
  return markdownTable(header, body);
}

function markdownTable(header: string[], body: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((cells) => cells[i].length)));
  const line = (cells: string[]) =>
    `| ${cells.map((cell, i) => cell.padEnd(widths[i])).join(' | ')} |`;
  return [
    line(header),
    `| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`,
    ...body.map(line),
  ].join('\n');
}

function formatDefault(value: unknown): string {
  if (value === undefined) return '**required**';
  if (value === '') return '(empty)';
  return `\`${Array.isArray(value) ? value.join(',') : String(value)}\``;
}

/** Table rows as trimmed cells, so that column padding does not matter. */
function tableRows(markdown: string): string[] {
  return markdown
    .split('\n')
    .filter((line) => line.trim().startsWith('|') && !/^\|[\s|:-]+\|$/.test(line.trim()))
    .map((line) =>
      line
        .trim()
        .split('|')
        .map((cell) => cell.trim())
        .join('|'),
    );
}

function checkReadmeTable(checker: Checker, rootDir: string, schemas: AppSchemas): string {
  const readme = readFileSync(join(rootDir, 'README.md'), 'utf8');
  const wanted = tableRows(configTable(schemas));
  const present = new Set(tableRows(readme));
  const missing = wanted.filter((row) => !present.has(row));
  const names = missing.map((row) => row.split('|')[1]).filter((name) => name !== 'Variable');
  const fix =
    'paste the output of `npx tsx tools/deploy-check.ts --config-table` into its Deploy section';
  checker.check(
    'README',
    'the configuration table matches the config schemas',
    missing.length === 0
      ? []
      : missing.length === wanted.length
        ? [`README.md has no configuration table: ${fix}`]
        : [`README.md lacks or has an outdated row for ${names.join(', ')}: ${fix}`],
  );
  return `README: configuration table of ${wanted.length - 1} variables`;
}

function checkAppReadmeTables(checker: Checker, rootDir: string, schemas: AppSchemas): string {
  for (const app of DEPLOY_APPS) {
    const file = join('apps', app, 'README.md');
    const readme = existsSync(join(rootDir, file)) ? readFileSync(join(rootDir, file), 'utf8') : '';
    const wanted = tableRows(appConfigTable(schemas[app]));
    const present = new Set(tableRows(readme));
    const missing = wanted.filter((row) => !present.has(row));
    const names = missing.map((row) => row.split('|')[1]).filter((name) => name !== 'Variable');
    const fix = `paste the output of \`npx tsx tools/deploy-check.ts --config-table ${app}\` into it`;
    checker.check(
      'README',
      `${file}: the configuration table matches ${app}'s config schema`,
      missing.length === 0
        ? []
        : missing.length === wanted.length
          ? [`${file} has no configuration table: ${fix}`]
          : [`${file} lacks or has an outdated row for ${names.join(', ')}: ${fix}`],
    );
  }
  const counts = DEPLOY_APPS.map((app) => `${app} ${Object.keys(schemas[app]).length}`);
  return `READMEs of the apps: configuration tables of ${counts.join(', ')} variables`;
}

function readEnvFile(file: string): Record<string, string> {
  const entries: Record<string, string> = {};
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const match = /^\s*([A-Za-z_][A-Za-z0-9_]*)=(.*)$/.exec(line);
    if (match) entries[match[1]] = match[2];
  }
  return entries;
}

// `npx tsx tools/deploy-check.ts [--config-table]`
if (require.main === module) {
  const rootDir = resolve(__dirname, '..');
  const run = async () => {
    const flag = process.argv.indexOf('--config-table');
    if (flag !== -1) {
      const schemas = await loadAppSchemas(rootDir);
      const app = process.argv[flag + 1];
      if (app === undefined) console.log(configTable(schemas));
      else if (schemas[app]) console.log(appConfigTable(schemas[app]));
      else {
        console.error(`No app ${app}; apps: ${DEPLOY_APPS.join(', ')}`);
        return 2;
      }
      return 0;
    }
    const { assertions, output } = await checkDeploy(rootDir);
    console.log(output);
    return assertions.some((a) => a.problems.length > 0) ? 1 : 0;
  };
  run().then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
