import { createServer } from 'node:net';

/** True when nothing listens on `port` (checked on all interfaces, IPv4 and IPv6). */
export function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen({ port, exclusive: true }, () => server.close(() => resolve(true)));
  });
}

/** `preferred` when it is free, else a port the OS reports as unused. */
export async function findFreePort(preferred?: number): Promise<number> {
  if (preferred !== undefined && (await isPortFree(preferred))) return preferred;
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen({ port: 0, host: '127.0.0.1', exclusive: true }, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error('The OS gave no spare port'))));
    });
  });
}
