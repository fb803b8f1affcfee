import { join } from 'node:path';
import { DEPLOY_APPS, type AppSchemas, type Checker } from './checker';
import { secretNames, secretProblems, variableProblems } from './environment';
import { podTemplate, type Container } from './k8s-objects';
import { renderOverlay } from './kustomize';
import { Rendered } from './rendered';
import { jobProblems, workloadProblems } from './workloads';

/**
 * One Kustomize overlay: it renders and matches the schemas, and each app's Deployment (and
 * migration Job) sets every variable the app reads, secrets from Secrets, with probes,
 * resources, an autoscaler and a disruption budget.
 */
export async function checkOverlay(
  checker: Checker,
  rootDir: string,
  kubectl: string,
  overlay: string,
  schemas: AppSchemas,
): Promise<string> {
  const overlayDir = join(rootDir, 'deploy', 'k8s', 'overlays', overlay);
  const objects = await renderOverlay(checker, kubectl, overlay, overlayDir);
  if (!objects) return `${overlay}: does not render`;

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
