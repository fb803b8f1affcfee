import { runCommand } from '@kartlink/infra';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { Deployment } from 'kubernetes-models/apps/v1';
import { Job } from 'kubernetes-models/batch/v1';
import { Ingress, NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { ConfigMap, Namespace, Secret, Service } from 'kubernetes-models/v1';
import { parseAllDocuments } from 'yaml';
import type { Checker } from './checker';
import type { K8sObject } from './k8s-objects';

const KUBERNETES_SCHEMA_VERSION = '1.27';

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
  'networking.k8s.io/v1/NetworkPolicy': NetworkPolicy,
};

export async function findKubectl(): Promise<{
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

/**
 * Renders an overlay with `kubectl kustomize` and validates every object against the
 * Kubernetes schemas: the objects, or undefined when it does not render.
 */
export async function renderOverlay(
  checker: Checker,
  kubectl: string,
  overlay: string,
  overlayDir: string,
): Promise<K8sObject[] | undefined> {
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
    return undefined;
  }

  for (const object of objects) {
    checker.check(
      `${overlay}`,
      `${object.kind}/${object.metadata?.name} matches the Kubernetes ${KUBERNETES_SCHEMA_VERSION} schema`,
      schemaProblems(object),
    );
  }
  return objects;
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
