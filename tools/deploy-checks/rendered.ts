import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { readEnvFile, type Source } from './environment';
import type { Container, K8sObject, PodTemplate } from './k8s-objects';

/** The rendered objects of one overlay, and what a container's environment resolves to. */
export class Rendered {
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
