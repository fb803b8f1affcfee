import { DomainMessages, normalizeCustomDomain } from './custom-domains';

describe('normalizeCustomDomain', () => {
  const own = ['kartlink.in', 'ingress.kartlink.in'];
  const domain = (input: unknown) => normalizeCustomDomain(input, own);

  it('keeps a host lower-cased, without a trailing dot, an international one in punycode', () => {
    expect(domain('shop.example.com')).toEqual({ domain: 'shop.example.com' });
    expect(domain('  Shop.Example.COM. ')).toEqual({ domain: 'shop.example.com' });
    expect(domain('bücher.example')).toEqual({ domain: 'xn--bcher-kva.example' });
    expect(domain('ДОМЕН.рф')).toEqual({ domain: 'xn--d1acufc.xn--p1ai' });
    expect(domain('a-b.c-d.example.co.in')).toEqual({ domain: 'a-b.c-d.example.co.in' });
  });

  it('refuses a URL, a port, a path, a single label and bad labels', () => {
    const invalid = { problem: DomainMessages.invalid };
    for (const input of [
      'https://shop.example.com',
      'shop.example.com/kurtas',
      'shop.example.com:8443',
      'shop.example.com?x=1',
      'user@shop.example.com',
      'shop example.com',
      'localhost',
      '-shop.example.com',
      'shop-.example.com',
      'shop..example.com',
      'shop_x.example.com',
      `${'a'.repeat(64)}.example.com`,
      `${'abcdefghi.'.repeat(26)}com`,
      'shop.123',
    ])
      expect([input, domain(input)]).toEqual([input, invalid]);
  });

  it('refuses nothing, an IP address and the product’s own hosts', () => {
    expect(domain('')).toEqual({ problem: DomainMessages.required });
    expect(domain(42)).toEqual({ problem: DomainMessages.required });
    for (const ip of ['203.0.113.7', '203.0.113.7:80', '[2001:db8::1]', 'http://10.0.0.1/'])
      expect([ip, domain(ip)]).toEqual([ip, { problem: DomainMessages.ipAddress }]);
    for (const host of ['kartlink.in', 'KARTLINK.IN', 'shop.kartlink.in', 'ingress.kartlink.in'])
      expect([host, domain(host)]).toEqual([host, { problem: DomainMessages.ownHost }]);
    expect(domain('notkartlink.in')).toEqual({ domain: 'notkartlink.in' });
  });
});
