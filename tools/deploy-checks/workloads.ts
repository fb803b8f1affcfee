import type { Source } from './environment';
import type { Container, PodTemplate } from './k8s-objects';

/** An app's Deployment: probes, resources, grace period, non-root, image tag and version. */
export function workloadProblems(
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

/** A migration Job: restart policy, the app's image, non-root. */
export function jobProblems(app: string, pod: PodTemplate, container: Container): string[] {
  const problems: string[] = [];
  if (!['Never', 'OnFailure'].includes(pod.spec.restartPolicy ?? ''))
    problems.push('restartPolicy must be Never or OnFailure');
  if (!container.image?.includes(app)) problems.push(`runs ${container.image}, not ${app}'s image`);
  if (!(pod.spec.securityContext?.runAsNonRoot || container.securityContext?.runAsNonRoot))
    problems.push('runAsNonRoot is not set');
  return problems;
}
