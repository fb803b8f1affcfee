import { findFreePort } from '@kartlink/infra';
import { waitFor } from '@kartlink/testing';
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { killServer, startServer } from './fault-load';

/** One server of the cluster: its ports, and its process while it runs. */
export interface NatsNode {
  name: string;
  clientPort: number;
  routePort: number;
  monitorPort: number;
  url: string;
  process?: ChildProcess;
}

/** What a server's monitoring endpoint /jsz says of JetStream's meta group. */
interface Jsz {
  meta_cluster?: { leader?: string; cluster_size?: number; replicas?: { name: string }[] };
}

/**
 * A NATS cluster of a test's own, as the NATS chart runs one (deploy/k8s/dependencies/
 * nats-values.yaml): `size` nats-servers from the installed program, each with its own ports,
 * server_name and JetStream file store under a temporary folder, routed to one another. A node
 * can be killed (SIGKILL) and started again on the same ports and store, as a pod whose node
 * failed is rescheduled onto its volume.
 */
export class NatsCluster {
  readonly nodes: NatsNode[] = [];
  private dir = '';

  /** The seed URLs the apps are given (NATS_URL). */
  get url(): string {
    return this.nodes.map((node) => node.url).join(',');
  }

  async start(size = 3): Promise<this> {
    this.dir = mkdtempSync(join(tmpdir(), 'kartlink-nats-cluster-'));
    const ports = new Set<number>();
    const freePort = async () => {
      for (;;) {
        const port = await findFreePort();
        if (ports.has(port)) continue;
        ports.add(port);
        return port;
      }
    };
    for (let i = 1; i <= size; i++) {
      const clientPort = await freePort();
      this.nodes.push({
        name: `n${i}`,
        clientPort,
        routePort: await freePort(),
        monitorPort: await freePort(),
        url: `nats://127.0.0.1:${clientPort}`,
      });
    }
    for (const node of this.nodes) this.writeConfig(node);
    // Started together: JetStream elects its meta leader once a majority is up.
    await Promise.all(this.nodes.map((node) => this.startNode(node)));
    await this.waitForMetaLeader();
    return this;
  }

  async startNode(node: NatsNode): Promise<void> {
    node.process = await startServer(
      'nats-server',
      ['-c', join(this.dir, `${node.name}.conf`)],
      async () => (await this.jsz(node)) !== undefined,
    );
  }

  /** Kills a node with SIGKILL, as a failing machine does; its store stays for its restart. */
  async kill(node: NatsNode): Promise<void> {
    const child = node.process;
    node.process = undefined;
    if (child) await killServer(child);
  }

  /**
   * Waits until every running node knows the same JetStream meta leader, itself running (after a
   * kill, the others name the dead leader until they elect another); answers its name.
   */
  async waitForMetaLeader(timeoutMs = 60_000): Promise<string> {
    let leader = '';
    await waitFor(
      async () => {
        const running = this.nodes.filter((node) => node.process);
        const seen = await Promise.all(running.map(async (n) => (await this.jsz(n))?.meta_cluster));
        leader = seen[0]?.leader ?? '';
        return (
          running.some((node) => node.name === leader) &&
          seen.every((meta) => meta?.leader === leader)
        );
      },
      { timeoutMs, intervalMs: 250, description: 'a JetStream meta leader in the NATS cluster' },
    );
    return leader;
  }

  byName(name: string): NatsNode {
    const node = this.nodes.find((n) => n.name === name);
    if (!node) throw new Error(`No NATS node ${name} in ${this.nodes.map((n) => n.name).join()}`);
    return node;
  }

  async stop(): Promise<void> {
    await Promise.all(this.nodes.map((node) => this.kill(node)));
    if (this.dir) rmSync(this.dir, { recursive: true, force: true });
  }

  private async jsz(node: NatsNode): Promise<Jsz | undefined> {
    try {
      const answer = await fetch(`http://127.0.0.1:${node.monitorPort}/jsz`, {
        signal: AbortSignal.timeout(2000),
      });
      return answer.ok ? ((await answer.json()) as Jsz) : undefined;
    } catch {
      return undefined;
    }
  }

  private writeConfig(node: NatsNode): void {
    const store = join(this.dir, node.name);
    mkdirSync(store, { recursive: true });
    const routes = this.nodes
      .filter((other) => other !== node)
      .map((other) => `nats-route://127.0.0.1:${other.routePort}`);
    writeFileSync(
      join(this.dir, `${node.name}.conf`),
      [
        `server_name: ${node.name}`,
        `listen: 127.0.0.1:${node.clientPort}`,
        `http: 127.0.0.1:${node.monitorPort}`,
        `jetstream { store_dir: ${JSON.stringify(store)} }`,
        'cluster {',
        '  name: kartlink-test',
        `  listen: 127.0.0.1:${node.routePort}`,
        `  routes: [${routes.join(', ')}]`,
        '}',
        '',
      ].join('\n'),
    );
  }
}
