import type { ShopStatus } from '@kartlink/contracts';
import { describe, expect, it } from 'vitest';
import { isGatedPath, shouldRedirectToSetup } from './setup-gate';

const UNFINISHED: ShopStatus = {
  hasShop: true,
  requiresSetup: true,
  setupCompleted: false,
  setupSteps: { shopUrl: true, basicInfo: false, profilePhoto: false },
  shopUrl: 'asha-crafts',
};

const facts = (overrides: Partial<Parameters<typeof shouldRedirectToSetup>[0]> = {}) => ({
  pathname: '/dashboard',
  status: UNFINISHED,
  alreadyRedirected: false,
  publicRouteAccessed: false,
  ...overrides,
});

describe('the setup gate (SPEC section 2)', () => {
  it('sends an owner whose shop exists but is not set up to the wizard', () => {
    expect(shouldRedirectToSetup(facts())).toBe(true);
    expect(shouldRedirectToSetup(facts({ pathname: '/dashboard/links' }))).toBe(true);
  });

  it('leaves alone an owner without a shop, or with a finished one', () => {
    expect(shouldRedirectToSetup(facts({ status: { ...UNFINISHED, hasShop: false } }))).toBe(false);
    expect(
      shouldRedirectToSetup(
        facts({ status: { ...UNFINISHED, setupCompleted: true, requiresSetup: false } }),
      ),
    ).toBe(false);
    expect(shouldRedirectToSetup(facts({ status: undefined }))).toBe(false);
  });

  it('redirects once per session, and never after a public page was visited', () => {
    expect(shouldRedirectToSetup(facts({ alreadyRedirected: true }))).toBe(false);
    expect(shouldRedirectToSetup(facts({ publicRouteAccessed: true }))).toBe(false);
  });

  it.each([
    '/',
    '/auth',
    '/privacy-policy',
    '/404',
    '/500',
    '/shop/setup',
    '/asha-crafts',
    '/asha-crafts/k3x9',
    '/shop/asha-crafts',
    '/open/asha-crafts/k3x9',
  ])('never redirects from the public or setup path %s', (pathname) => {
    expect(isGatedPath(pathname)).toBe(false);
    expect(shouldRedirectToSetup(facts({ pathname }))).toBe(false);
  });
});
