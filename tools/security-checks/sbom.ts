/** The parts of a CycloneDX JSON document that `npm test -- security` checks. */
interface CycloneDx {
  bomFormat?: string;
  specVersion?: string;
  metadata?: { component?: { name?: string; type?: string } };
  components?: Array<{ name?: string; version?: string; purl?: string }>;
}

/**
 * Checks one image's SBOM (tools/sbom.mjs's output): CycloneDX JSON naming the image, listing the
 * app's own package and the given production packages with a version and a package URL each,
 * and none of the given build-only packages.
 */
export function checkSbom(
  text: string,
  app: string,
  expect: { includes: readonly string[]; excludes: readonly string[] },
): string[] {
  let bom: CycloneDx;
  try {
    bom = JSON.parse(text) as CycloneDx;
  } catch {
    return [`the ${app} SBOM is not JSON: ${text.slice(0, 200)}`];
  }
  if (bom.bomFormat !== 'CycloneDX' || !/^1\.\d+$/.test(bom.specVersion ?? '')) {
    return [
      `the ${app} SBOM is not CycloneDX 1.x (bomFormat ${bom.bomFormat}, specVersion ${bom.specVersion})`,
    ];
  }
  const problems: string[] = [];
  const components = bom.components ?? [];
  const component = bom.metadata?.component;
  if (component?.name !== `kartlink/${app}` || component.type !== 'application') {
    problems.push(
      `the ${app} SBOM describes ${component?.type} ${component?.name}, not application kartlink/${app}`,
    );
  }
  // npm writes a scoped package's scope into its purl (pkg:npm/%40kartlink/gateway@…).
  const names = new Set(
    components.map((c) =>
      decodeURIComponent(/^pkg:npm\/(.+)@[^@]+$/.exec(c.purl ?? '')?.[1] ?? ''),
    ),
  );
  for (const name of [`@kartlink/${app}`, ...expect.includes]) {
    if (!names.has(name)) problems.push(`the ${app} SBOM lacks ${name}`);
  }
  for (const name of expect.excludes) {
    if (names.has(name)) problems.push(`the ${app} SBOM lists ${name}, which is not in the image`);
  }
  const incomplete = components.filter((c) => !c.name || !c.version || !c.purl);
  if (incomplete.length > 0) {
    problems.push(
      `the ${app} SBOM has ${incomplete.length} components without a name, version or purl`,
    );
  }
  return problems;
}
