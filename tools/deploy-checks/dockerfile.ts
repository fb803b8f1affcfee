import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { APP_NODE_FLAGS, MEDIA_MALLOC_CONF } from '../stack';
import { DEPLOY_APPS, type Checker } from './checker';

/**
 * deploy/Dockerfile: a target per app run as node (with the flags `npm start` gives it, and
 * media-service's allocator settings), and every workspace's manifest copied.
 */
export function checkDockerfile(checker: Checker, rootDir: string): string {
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
    const args = ['node', ...(APP_NODE_FLAGS[app] ?? []), `apps/${app}/dist/main.js`];
    const cmd = `CMD [${args.map((arg) => JSON.stringify(arg)).join(', ')}]`;
    checker.check(
      'Dockerfile',
      `target ${app} runs ${app} as node`,
      !stage
        ? [`no stage \`AS ${app}\``]
        : [
            ...(stage.includes(cmd) ? [] : [`the stage does not end with ${cmd}`]),
            ...(/^FROM\s+runtime\s/im.test(stage) ? [] : ['the stage is not FROM runtime']),
            ...(app !== 'media-service' || stage.includes(`MALLOC_CONF=${MEDIA_MALLOC_CONF}`)
              ? []
              : [`the stage does not set MALLOC_CONF=${MEDIA_MALLOC_CONF} (tools/stack.ts)`]),
          ],
    );
  }
  // The SBOMs come from tools/sbom.mjs, the script `npm test -- security` runs and checks.
  const sboms = stages.get('sboms') ?? '';
  checker.check('Dockerfile', 'each image carries its CycloneDX SBOM from tools/sbom.mjs', [
    ...(sboms.includes('node tools/sbom.mjs "$app" "/sbom/$app.cdx.json"')
      ? []
      : ['stage sboms does not run node tools/sbom.mjs "$app" "/sbom/$app.cdx.json"']),
    ...DEPLOY_APPS.filter(
      (app) => !(/for app in ([^;]+);/.exec(sboms)?.[1].split(/\s+/) ?? []).includes(app),
    ).map((app) => `stage sboms makes no SBOM for ${app}`),
    ...DEPLOY_APPS.filter(
      (app) =>
        !(stages.get(app) ?? '').includes(`COPY --from=sboms /sbom/${app}.cdx.json sbom.cdx.json`),
    ).map((app) => `target ${app} does not copy /sbom/${app}.cdx.json to sbom.cdx.json`),
  ]);
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
