import type { DnsEntry } from '@kartlink/testing';

/** The records of the stack's test DNS server (KARTLINK_TEST_DNS), changed from a test. */
export const testDns = {
  address(): string {
    const address = process.env.KARTLINK_TEST_DNS;
    if (!address) throw new Error('KARTLINK_TEST_DNS is not set: the stack setup starts it');
    return address;
  },
  async set(name: string, entry: DnsEntry): Promise<void> {
    const response = await fetch(
      `http://${this.address()}/records/${encodeURIComponent(name.toLowerCase())}`,
      { method: 'PUT', body: JSON.stringify(entry) },
    );
    if (response.status !== 204) throw new Error(`test DNS answered ${response.status}`);
  },
  async remove(name: string): Promise<void> {
    await fetch(`http://${this.address()}/records/${encodeURIComponent(name.toLowerCase())}`, {
      method: 'DELETE',
    });
  },
};
