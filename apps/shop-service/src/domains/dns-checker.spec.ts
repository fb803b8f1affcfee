import { TestDnsServer } from '@kartlink/testing';
import { DnsChecker, parseDnsServers } from './dns-checker';

// Against a DNS server on 127.0.0.1 answering from a table, as the checks of a real resolver.
describe('DnsChecker', () => {
  const target = 'ingress.kartlink.test';
  const token = '0123456789abcdef0123456789abcdef';
  let dns: TestDnsServer;
  let checker: DnsChecker;

  beforeAll(async () => {
    dns = await new TestDnsServer().start();
    checker = new DnsChecker([`127.0.0.1:${dns.port}`], 1000);
  });
  afterAll(() => dns.stop());
  beforeEach(() => dns.records.clear());

  it('passes a CNAME to the target and the TXT token', async () => {
    dns.records.set('shop.example.com', { CNAME: `${target}.` });
    dns.records.set('_kartlink.shop.example.com', {
      TXT: ['v=spf1 -all', `kartlink-verify=${token}`],
    });
    expect(await checker.check('shop.example.com', token, target)).toEqual({
      cnameOk: true,
      txtOk: true,
      problem: null,
    });
  });

  it('says which record is missing or wrong, the CNAME first', async () => {
    expect(await checker.check('shop.example.com', token, target)).toEqual({
      cnameOk: false,
      txtOk: false,
      problem: `No CNAME record found for shop.example.com: create one pointing to ${target}.`,
    });
    dns.records.set('shop.example.com', { CNAME: 'other.example.net' });
    expect((await checker.check('shop.example.com', token, target)).problem).toBe(
      `The CNAME record of shop.example.com points to other.example.net, not to ${target}.`,
    );
    dns.records.set('shop.example.com', { CNAME: target });
    expect(await checker.check('shop.example.com', token, target)).toEqual({
      cnameOk: true,
      txtOk: false,
      problem: 'No TXT record found at _kartlink.shop.example.com: create it with the value shown.',
    });
    dns.records.set('_kartlink.shop.example.com', { TXT: ['kartlink-verify=not-it'] });
    expect((await checker.check('shop.example.com', token, target)).problem).toBe(
      'The TXT record at _kartlink.shop.example.com does not hold the value shown.',
    );
  });

  it('takes an apex that resolves to the target’s addresses (ALIAS, flattening)', async () => {
    dns.records.set(target, { A: ['198.51.100.7'] });
    dns.records.set('example.com', { A: ['198.51.100.7'] });
    dns.records.set('_kartlink.example.com', { TXT: [`kartlink-verify=${token}`] });
    expect((await checker.check('example.com', token, target)).cnameOk).toBe(true);
    dns.records.set('example.com', { A: ['203.0.113.9'] });
    expect((await checker.check('example.com', token, target)).cnameOk).toBe(false);
  });

  it('reads DNS_SERVERS', () => {
    expect(parseDnsServers(' 127.0.0.1:5353, 1.1.1.1 ,')).toEqual(['127.0.0.1:5353', '1.1.1.1']);
    expect(parseDnsServers('')).toEqual([]);
  });
});
