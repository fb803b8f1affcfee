import { checkSbom } from './sbom';

const component = (name: string, version = '1.0.0') => ({
  name: name.replace(/^@[^/]+\//, ''),
  version,
  purl: `pkg:npm/${name.replace('@', '%40')}@${version}`,
});
const bom = (over: object = {}) =>
  JSON.stringify({
    bomFormat: 'CycloneDX',
    specVersion: '1.5',
    metadata: { component: { name: 'kartlink/media-service', type: 'application' } },
    components: [
      component('@kartlink/media-service', '0.0.0'),
      component('sharp', '0.35.5'),
      component('pg'),
    ],
    ...over,
  });
const expectations = { includes: ['sharp', 'pg'], excludes: ['jest'] };

describe('checkSbom', () => {
  it("takes CycloneDX naming the image, with the app's packages", () => {
    expect(checkSbom(bom(), 'media-service', expectations)).toEqual([]);
  });

  it('refuses what is not CycloneDX JSON', () => {
    expect(checkSbom('npm error', 'media-service', expectations)).toEqual([
      expect.stringMatching(/^the media-service SBOM is not JSON/),
    ]);
    expect(checkSbom(bom({ bomFormat: 'SPDX' }), 'media-service', expectations)).toEqual([
      'the media-service SBOM is not CycloneDX 1.x (bomFormat SPDX, specVersion 1.5)',
    ]);
  });

  it('names a missing production package, a build-only one listed, and a component without a purl', () => {
    const components = [
      component('@kartlink/media-service', '0.0.0'),
      component('pg'),
      component('jest', '30.0.0'),
      { name: 'mystery', version: '1.0.0' },
    ];
    expect(checkSbom(bom({ components }), 'media-service', expectations)).toEqual([
      'the media-service SBOM lacks sharp',
      'the media-service SBOM lists jest, which is not in the image',
      'the media-service SBOM has 1 components without a name, version or purl',
    ]);
  });

  it('refuses an SBOM of another image', () => {
    expect(checkSbom(bom(), 'gateway', { includes: [], excludes: [] })).toEqual([
      'the gateway SBOM describes application kartlink/media-service, not application kartlink/gateway',
      'the gateway SBOM lacks @kartlink/gateway',
    ]);
  });
});
