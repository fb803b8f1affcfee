import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { APP_SCHEMAS, Checker, DEPLOY_APPS, type Assertion } from './deploy-checks/checker';
import { checkCompose } from './deploy-checks/compose';
import { checkMonitoring } from './deploy-checks/monitoring';
import { checkDockerfile } from './deploy-checks/dockerfile';
import { findKubectl, renderOverlay } from './deploy-checks/kustomize';
import { checkOverlay } from './deploy-checks/overlay';
import { checkProbeScript } from './deploy-checks/probes';
import {
  appConfigTable,
  checkAppReadmeTables,
  checkReadmeTable,
  configTable,
} from './deploy-checks/readme';

/**
 * The `deploy` stage of `npm test`: renders each Kustomize overlay with `kubectl kustomize`,
 * validates every object against the Kubernetes schemas (kubernetes-models), and checks what
 * the schemas cannot: that every variable an app's config schema declares is set for its
 * Deployment and migration Job in every overlay and for its containers in deploy/compose.yaml,
 * secrets only from Secrets, probes, resources, autoscalers and disruption budgets, the
 * Dockerfile's targets, the configuration tables of the README and of each app's README, and
 * the metrics and alerts (deploy-checks/monitoring.ts).
 * Also runnable alone: `npx tsx tools/deploy-check.ts`, or
 * `npx tsx tools/deploy-check.ts --config-table [app]` to print the table for the README (or
 * for apps/<app>/README.md).
 */

export interface DeployCheck {
  assertions: Assertion[];
  /** What was checked, group by group, then every problem. */
  output: string;
}

/** Runs every check; never throws for a problem in the files, only lists it. */
export async function checkDeploy(rootDir: string): Promise<DeployCheck> {
  const checker = new Checker();
  const notes: string[] = [];
  const schemas = APP_SCHEMAS;

  const kubectl = await findKubectl();
  if (checker.check('tools', 'kubectl with kustomize v5', kubectl.problems)) {
    notes.push(`kubectl ${kubectl.version} (kustomize ${kubectl.kustomize})`);
    const overlays = readdirSync(join(rootDir, 'deploy', 'k8s', 'overlays'));
    for (const overlay of overlays) {
      notes.push(await checkOverlay(checker, rootDir, kubectl.path, overlay, schemas));
    }
    // The NetworkPolicies in the dependencies' namespaces (NATS, Redis, PostgreSQL).
    const policies = await renderOverlay(
      checker,
      kubectl.path,
      'dependencies',
      join(rootDir, 'deploy', 'k8s', 'dependencies'),
    );
    notes.push(`dependencies: ${policies?.length ?? 0} NetworkPolicies rendered and validated`);
  }
  notes.push(
    await checkMonitoring(checker, rootDir, kubectl.problems.length ? undefined : kubectl.path),
  );
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

// `npx tsx tools/deploy-check.ts [--config-table]`
if (require.main === module) {
  const rootDir = resolve(__dirname, '..');
  const run = async () => {
    const flag = process.argv.indexOf('--config-table');
    if (flag !== -1) {
      const schemas = APP_SCHEMAS;
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
