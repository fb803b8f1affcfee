import { bannerAltProblem, bannerIdsProblem, bannerLinkProblem } from './media-rules';

describe('a banner', () => {
  it.each([
    ['', undefined],
    ['/asha-crafts/k3x9', undefined],
    ['https://example.com/sale', undefined],
    ['http://example.com', undefined],
    ['example.com', 'Link must be a valid URL (starting with http://, https:// or /)'],
    ['//evil.example.com', 'Link must be a valid URL (starting with http://, https:// or /)'],
    ['javascript:alert(1)', 'Link must be a valid URL (starting with http://, https:// or /)'],
    ['https://', 'Invalid URL format'],
    ['http://exa mple.com', 'Invalid URL format'],
  ])('link %j: %s', (link, problem) => {
    expect(bannerLinkProblem(link)).toBe(problem);
  });

  // Browsers read a backslash as a slash and drop tabs and line breaks, so each of these is
  // '//evil.example', another site, however much it looks like a path.
  it.each([
    '/\\evil.example',
    '/\\/evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    '/%2F/evil.example',
    '/%2fevil.example',
    '/%5Cevil.example',
    '/shop/..\\..\\/evil.example',
  ])('refuses the disguised link %j with a clear message', (link) => {
    expect(bannerLinkProblem(link)).toBe(
      'Link must be a path on this site such as /my-shop/sale (no backslashes, spaces or encoded slashes)',
    );
  });

  it('keeps ordinary paths with a query and a fragment', () => {
    expect(bannerLinkProblem('/asha-crafts?sort=new#top')).toBeUndefined();
    expect(bannerLinkProblem('/asha-crafts/k3x9%20sale')).toBeUndefined();
  });

  it('link must be a string of at most 2048 characters', () => {
    expect(bannerLinkProblem(42)).toBe('Link must be a string');
    expect(bannerLinkProblem(`/${'a'.repeat(2047)}`)).toBeUndefined();
    expect(bannerLinkProblem(`/${'a'.repeat(2048)}`)).toBe('Link must be at most 2048 characters');
  });

  it('alt text is a string of at most 250 characters', () => {
    expect(bannerAltProblem('a'.repeat(250))).toBeUndefined();
    expect(bannerAltProblem('a'.repeat(251))).toBe('Alt text must be at most 250 characters');
    expect(bannerAltProblem(null)).toBe('Alt text must be a string');
  });
});

describe('a reorder', () => {
  it('needs ids, each once', () => {
    expect(bannerIdsProblem([])).toBe('No banners to reorder');
    expect(bannerIdsProblem(['a', ''])).toBe('Invalid banner ID');
    expect(bannerIdsProblem(['a', 'b', 'a'])).toBe('Duplicate banner IDs found');
    expect(bannerIdsProblem(['a', 'b'])).toBeUndefined();
    expect(bannerIdsProblem('a')).toBe('No banners to reorder');
  });
});
