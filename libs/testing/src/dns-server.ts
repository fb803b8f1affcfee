import * as dnsPacket from 'dns-packet';
import { createSocket, type Socket } from 'node:dgram';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The records a name answers with; a name without an entry answers NXDOMAIN. */
export interface DnsEntry {
  CNAME?: string;
  TXT?: string[];
  A?: string[];
  /** Answers this much later (a slow name server), within the resolver's timeout. */
  delayMs?: number;
}

/**
 * A DNS server for tests (custom domains): UDP on 127.0.0.1, answering CNAME, TXT and A queries
 * from a table. The table is changed over HTTP on the same port number (TCP), so that test
 * files (jest workers) change what a server started by the stack's setup answers:
 * `PUT /records/{name}` with a DnsEntry, `DELETE /records/{name}`.
 */
export class TestDnsServer {
  readonly records = new Map<string, DnsEntry>();
  private udp?: Socket;
  private http?: Server;
  /** Delayed answers not yet sent: cleared on stop, so none is sent on a closed socket. */
  private readonly delayed = new Set<NodeJS.Timeout>();
  port = 0;

  async start(): Promise<this> {
    // The control server first: its free port is then taken for UDP too.
    this.http = createServer((request, response) => {
      const match = /^\/records\/([^/?]+)$/.exec(request.url ?? '');
      if (!match) return response.writeHead(404).end();
      const name = decodeURIComponent(match[1]!).toLowerCase();
      if (request.method === 'DELETE') {
        this.records.delete(name);
        return response.writeHead(204).end();
      }
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        this.records.set(name, JSON.parse(body) as DnsEntry);
        response.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => this.http!.listen(0, '127.0.0.1', resolve));
    this.port = (this.http.address() as AddressInfo).port;
    this.udp = createSocket('udp4');
    this.udp.on('message', (message, remote) => {
      const reply = this.answer(message);
      if (!reply) return;
      const send = () => this.udp?.send(reply.packet, remote.port, remote.address);
      if (!reply.delayMs) return send();
      const timer = setTimeout(() => {
        this.delayed.delete(timer);
        send();
      }, reply.delayMs);
      this.delayed.add(timer);
    });
    await new Promise<void>((resolve) => this.udp!.bind(this.port, '127.0.0.1', resolve));
    return this;
  }

  private answer(message: Buffer): { packet: Buffer; delayMs?: number } | undefined {
    let query: dnsPacket.Packet;
    try {
      query = dnsPacket.decode(message);
    } catch {
      return undefined;
    }
    const question = query.questions?.[0];
    if (!question) return undefined;
    const name = question.name.toLowerCase().replace(/\.$/, '');
    const entry = this.records.get(name);
    const answers: dnsPacket.Answer[] = [];
    if (entry?.CNAME && (question.type === 'CNAME' || question.type === 'A'))
      answers.push({ type: 'CNAME', name: question.name, ttl: 1, data: entry.CNAME });
    if (question.type === 'TXT')
      for (const text of entry?.TXT ?? [])
        answers.push({ type: 'TXT', name: question.name, ttl: 1, data: [text] });
    if (question.type === 'A')
      for (const address of entry?.A ?? [])
        answers.push({ type: 'A', name: question.name, ttl: 1, data: address });
    const packet = dnsPacket.encode({
      type: 'response',
      id: query.id,
      // NXDOMAIN (rcode 3, the flags' low bits) for a name the table does not have, else an
      // answer (maybe empty: NODATA).
      flags: dnsPacket.RECURSION_DESIRED | dnsPacket.RECURSION_AVAILABLE | (entry ? 0 : 3),
      questions: [question],
      answers,
    });
    return { packet, delayMs: entry?.delayMs };
  }

  async stop() {
    for (const timer of this.delayed) clearTimeout(timer);
    this.delayed.clear();
    const udp = this.udp;
    this.udp = undefined;
    await new Promise<void>((resolve) => (udp ? udp.close(() => resolve()) : resolve()));
    await new Promise<void>((resolve) =>
      this.http ? this.http.close(() => resolve()) : resolve(),
    );
  }
}
