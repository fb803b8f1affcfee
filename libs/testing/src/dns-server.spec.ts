import * as dnsPacket from 'dns-packet';
import { createSocket } from 'node:dgram';
import { TestDnsServer } from './dns-server';

describe('TestDnsServer', () => {
  it('stops with a slow answer still to send, and sends it nowhere', async () => {
    const dns = await new TestDnsServer().start();
    dns.records.set('slow.example.com', { TXT: ['kartlink-verify=1'], delayMs: 200 });
    const client = createSocket('udp4');
    const answers: Buffer[] = [];
    client.on('message', (message) => answers.push(message));
    const query = dnsPacket.encode({
      type: 'query',
      id: 7,
      questions: [{ type: 'TXT', name: 'slow.example.com' }],
    });
    await new Promise<void>((sent) => client.send(query, dns.port, '127.0.0.1', () => sent()));
    await new Promise((done) => setTimeout(done, 50));
    await dns.stop();
    // A send on the closed socket would throw from its timer (an uncaught error in the run).
    await new Promise((done) => setTimeout(done, 400));
    client.close();
    expect(answers).toEqual([]);
  });
});
