import { StoreHostPolicy } from './store-host-policy';

const policy = (blocked: string, allowed = '') =>
  new StoreHostPolicy({ BLOCKED_STORE_HOSTS: blocked, ALLOWED_STORE_HOSTS: allowed });

describe('StoreHostPolicy', () => {
  it('refuses nothing when the operator set nothing', () => {
    const none = policy('');
    expect(none.active).toBe(false);
    expect(none.refusal('https://anything.example/x')).toBeUndefined();
  });

  it('blocks a name and its subdomains, not look-alikes', () => {
    const p = policy(' phish.example , bit-scam.in ');
    expect(p.refusal('https://phish.example/a')).toEqual({
      host: 'phish.example',
      rule: 'blocked',
    });
    expect(p.refusal('https://login.secure.PHISH.example./a')).toEqual({
      host: 'login.secure.phish.example',
      rule: 'blocked',
    });
    expect(p.refusal('https://notphish.example/a')).toBeUndefined();
    expect(p.refusal('https://phish.example.com/a')).toBeUndefined();
    expect(p.refusal('http://bit-scam.in:8080/a')).toEqual({
      host: 'bit-scam.in',
      rule: 'blocked',
    });
  });

  it('matches patterns with * over the whole host', () => {
    const p = policy('*-paytm-*.example,amaz0n*');
    expect(p.refusal('https://kyc-paytm-update.example/')?.rule).toBe('blocked');
    expect(p.refusal('https://paytm.example/')).toBeUndefined();
    expect(p.refusal('https://amaz0n-offers.in/')?.rule).toBe('blocked');
    expect(p.refusal('https://www.amaz0n.in/')).toBeUndefined();
  });

  it('reads internationalised names in either form', () => {
    const p = policy('बाज़ार.भारत');
    expect(p.refusal('https://shop.बाज़ार.भारत/item')?.host).toBe(
      new URL('https://shop.बाज़ार.भारत/').hostname,
    );
  });

  it('in allowlist mode refuses every other host, and a blocked one stays blocked', () => {
    const p = policy('sketchy.amazon.in', 'amazon.in,flipkart.com,*.myntra.com');
    expect(p.refusal('https://www.amazon.in/dp/B0C1')).toBeUndefined();
    expect(p.refusal('https://www.myntra.com/kurtas/1')).toBeUndefined();
    expect(p.refusal('https://example.com/x')).toEqual({
      host: 'example.com',
      rule: 'not-allowed',
    });
    expect(p.refusal('https://sketchy.amazon.in/x')).toEqual({
      host: 'sketchy.amazon.in',
      rule: 'blocked',
    });
  });

  it('leaves an address it cannot read to the product rules', () => {
    expect(policy('phish.example').refusal('not a url')).toBeUndefined();
  });
});
