import { describe, expect, it } from 'vitest';
import { documentTitleFor, pageNameFor } from './page-title';

describe('page titles', () => {
  it('names the root path Home', () => {
    expect(pageNameFor('/')).toBe('Home');
    expect(documentTitleFor('/')).toBe('Home | Kartlink');
  });

  it('capitalises the words of each path segment', () => {
    expect(documentTitleFor('/privacy-policy')).toBe('Privacy Policy | Kartlink');
    expect(pageNameFor('/dashboard/create-link')).toBe('Dashboard / Create Link');
    expect(pageNameFor('/dashboard/shop/seo/')).toBe('Dashboard / Shop / Seo');
  });

  it('decodes escaped characters and keeps malformed ones', () => {
    expect(pageNameFor('/asha%20crafts')).toBe('Asha Crafts');
    expect(pageNameFor('/100%')).toBe('100%');
  });
});
