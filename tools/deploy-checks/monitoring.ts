import { runCommand } from '@kartlink/infra';
import { EXPORTED_METRIC_NAMES, MetricNames } from '@kartlink/server-kit';
import { isDeepStrictEqual } from 'node:util';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { parse, parseAllDocuments } from 'yaml';
import { DEPLOY_APPS, type Checker } from './checker';
import { podTemplate, type K8sObject } from './k8s-objects';

const GROUP = 'monitoring';
/** The metrics port every app's manifests and compose give METRICS_PORT. */
const METRICS_PORT = 9464;
/** Prometheus's own series the rules may read beside the apps'. */
const PROMETHEUS_SERIES = new Set(['up']);
/** A histogram's or a counter's series, as PromQL names them. */
const SERIES_SUFFIXES = ['_bucket', '_count', '_sum'];

interface RuleGroup {
  name: string;
  rules: Array<{ alert?: string; expr: string }>;
}

/**
 * The metrics and alerts: deploy/prometheus (Prometheus's config and rules), the Grafana
 * dashboard and its provisioning, and the Prometheus Operator component. Each file parses;
 * every metric the alerts and the dashboard read is one the apps export (libs/server-kit
 * metrics.ts lists them) and every family the apps export is on the dashboard; the
 * PrometheusRule carries the rules of alerts.yml unchanged; the component renders over the base
 * and its PodMonitor scrapes the metrics port each app's pods declare.
 */
export async function checkMonitoring(
  checker: Checker,
  rootDir: string,
  kubectl: string | undefined,
): Promise<string> {
  const deploy = join(rootDir, 'deploy');
  const read = (file: string, parser: (text: string) => unknown): unknown => {
    const problems: string[] = [];
    let value: unknown;
    try {
      value = parser(readFileSync(join(deploy, file), 'utf8'));
    } catch (err) {
      problems.push((err as Error).message);
    }
    checker.check(GROUP, `deploy/${file} parses`, problems);
    return value;
  };
  const alerts = read('prometheus/alerts.yml', parse) as { groups?: RuleGroup[] } | undefined;
  read('prometheus/prometheus.yml', parse);
  read('grafana/provisioning/datasources/prometheus.yml', parse);
  read('grafana/provisioning/dashboards/kartlink.yml', parse);
  const dashboard = read('grafana/kartlink.json', JSON.parse) as
    { panels?: Array<{ title?: string; targets?: Array<{ expr?: string }> }> } | undefined;
  const rule = read('k8s/components/monitoring/prometheusrule.yaml', parse) as
    K8sObject | undefined;
  read('k8s/components/monitoring/podmonitor.yaml', parse);

  const ruleExprs = (alerts?.groups ?? []).flatMap((g) =>
    g.rules.map((r) => ({ where: `alert ${r.alert}`, expr: r.expr })),
  );
  const panelExprs = (dashboard?.panels ?? []).flatMap((p) =>
    (p.targets ?? []).map((t) => ({ where: `panel "${p.title}"`, expr: t.expr ?? '' })),
  );
  checker.check(
    GROUP,
    'every metric the alerts and the dashboard read is one the apps export',
    [...ruleExprs, ...panelExprs].flatMap(({ where, expr }) =>
      unknownMetrics(expr).map((name) => `${where} reads ${name}, which no app exports`),
    ),
  );
  const shown = new Set(panelExprs.flatMap(({ expr }) => metricsIn(expr)));
  checker.check(
    GROUP,
    "the dashboard shows every one of Kartlink's metrics",
    Object.values(MetricNames)
      .filter((name) => !shown.has(name))
      .map((name) => `no panel reads ${name}`),
  );
  checker.check(
    GROUP,
    'the PrometheusRule carries the rules of deploy/prometheus/alerts.yml',
    isDeepStrictEqual((rule?.spec as { groups?: unknown } | undefined)?.groups, alerts?.groups)
      ? []
      : ['its spec.groups differ from alerts.yml groups: copy them over'],
  );

  if (!kubectl) return `monitoring: ${ruleExprs.length} alerts, ${panelExprs.length} panel queries`;
  const rendered = await renderWithComponent(rootDir, kubectl);
  if (!checker.check(GROUP, 'the monitoring component renders over the base', rendered.problems))
    return 'monitoring: the component does not render';
  const objects = rendered.objects;
  const kinds = objects
    .filter((o) => o.apiVersion === 'monitoring.coreos.com/v1')
    .map((o) => o.kind)
    .sort();
  checker.check(
    GROUP,
    'the component adds a PodMonitor and a PrometheusRule (monitoring.coreos.com/v1)',
    isDeepStrictEqual(kinds, ['PodMonitor', 'PrometheusRule'])
      ? []
      : [`it adds ${kinds.join(', ') || 'nothing'}`],
  );
  const podMonitor = objects.find((o) => o.kind === 'PodMonitor');
  const endpoints = (podMonitor?.spec as { podMetricsEndpoints?: Array<{ port?: string }> })
    ?.podMetricsEndpoints;
  const portName = endpoints?.[0]?.port;
  const problems: string[] = [];
  for (const app of DEPLOY_APPS) {
    const deployment = objects.find((o) => o.kind === 'Deployment' && o.metadata.name === app);
    if (!deployment) {
      problems.push(`no Deployment ${app}`);
      continue;
    }
    const template = podTemplate(deployment) as ReturnType<typeof podTemplate> & {
      metadata?: { annotations?: Record<string, string> };
    };
    const port = template.spec.containers[0]?.ports?.find((p) => p.name === portName);
    if (port?.containerPort !== METRICS_PORT)
      problems.push(`${app} declares no port ${portName} ${METRICS_PORT} for the PodMonitor`);
    const annotations = template.metadata?.annotations ?? {};
    if (
      annotations['prometheus.io/scrape'] !== 'true' ||
      annotations['prometheus.io/port'] !== String(METRICS_PORT)
    )
      problems.push(`${app}'s pods lack the prometheus.io scrape annotations`);
  }
  checker.check(
    GROUP,
    "the PodMonitor and the annotations scrape every app's metrics port",
    problems,
  );
  return `monitoring: ${ruleExprs.length} alerts, ${panelExprs.length} panel queries, component rendered`;
}

/** The metric names an expression reads (Kartlink's, Node's and the process's, and `up`). */
function metricsIn(expr: string): string[] {
  // Label values (in quotes) are not names.
  const code = expr.replace(/"(?:[^"\\]|\\.)*"/g, '""');
  const names = code.match(/\b(?:kartlink|nodejs|process)_[a-z0-9_]+\b|\bup\b(?=\s*[{=<>!)\s])/g);
  return [
    ...new Set(
      (names ?? []).map((name) => {
        const suffix = SERIES_SUFFIXES.find((s) => name.endsWith(s));
        const base = suffix ? name.slice(0, -suffix.length) : name;
        return suffix && EXPORTED_METRIC_NAMES.includes(base) ? base : name;
      }),
    ),
  ];
}

function unknownMetrics(expr: string): string[] {
  return metricsIn(expr).filter(
    (name) => !EXPORTED_METRIC_NAMES.includes(name) && !PROMETHEUS_SERIES.has(name),
  );
}

/** The base with the component, rendered from a throwaway overlay (kustomize wants a relative path). */
async function renderWithComponent(
  rootDir: string,
  kubectl: string,
): Promise<{ objects: K8sObject[]; problems: string[] }> {
  const dir = mkdtempSync(join(tmpdir(), 'kartlink-monitoring-'));
  try {
    const k8s = join(rootDir, 'deploy', 'k8s');
    writeFileSync(
      join(dir, 'kustomization.yaml'),
      [
        'apiVersion: kustomize.config.k8s.io/v1beta1',
        'kind: Kustomization',
        'resources:',
        `  - ${relative(dir, join(k8s, 'base'))}`,
        'components:',
        `  - ${relative(dir, join(k8s, 'components', 'monitoring'))}`,
        '',
      ].join('\n'),
    );
    const result = await runCommand(kubectl, ['kustomize', dir], { timeoutMs: 60_000 });
    if (result.code !== 0) return { objects: [], problems: [result.output.trim()] };
    const objects = parseAllDocuments(result.output)
      .filter((d) => d.contents)
      .map((d) => d.toJS() as K8sObject);
    return { objects, problems: [] };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
