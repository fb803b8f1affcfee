import fastifyStatic from '@fastify/static';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { ErrorCode, PUBLIC_URL_META } from '@kartlink/contracts';
import { ServiceError } from '@kartlink/server-kit';
import type { FastifyReply } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { AnalyticsRecorder } from '../analytics/analytics-recorder';
import { previewedShop } from '../analytics/link-previews';

/**
 * Serves the built web app beside the API: files under /assets are content-hashed and cached
 * for a year; every other path that is not a file gets index.html, so that the app's router
 * shows the page (the 404 page included). Shop URLs and short codes never contain a dot. The
 * page carries the public address, which the app uses for every link it shows.
 */
export async function serveWebApp(
  app: NestFastifyApplication,
  distDir: string,
  publicUrl: string,
): Promise<boolean> {
  const root = resolve(distDir);
  const indexFile = join(root, 'index.html');
  if (!existsSync(indexFile)) return false;
  const indexHtml = withPublicUrl(readFileSync(indexFile, 'utf8'), publicUrl);

  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    wildcard: false,
    index: false,
    decorateReply: false,
    // The build's .br and .gz copies, as the browser's Accept-Encoding asks (with Vary).
    preCompressed: true,
    setHeaders(reply: FastifyReply, path: string) {
      const immutable = path.startsWith(join(root, 'assets'));
      reply.header(
        'cache-control',
        immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
      );
    },
  });

  const fastify = app.getHttpAdapter().getInstance();
  const analytics = app.get(AnalyticsRecorder);
  fastify.get('/*', async (request, reply) => {
    const path = request.url.split('?')[0];
    if (path === '/api' || path.startsWith('/api/')) {
      throw new ServiceError(
        ErrorCode.ROUTE_NOT_FOUND,
        `There is no API route ${request.method} ${path}.`,
      );
    }
    // A missing file (an old chunk after a deploy) must not get the page back as its content.
    if (/\.[A-Za-z0-9]+$/.test(path)) {
      return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
    }
    // Link previews (WhatsApp, Instagram, X...) read the page itself: counted apart as bots.
    const previewed = previewedShop(request.method, path, request.headers['user-agent']);
    if (previewed) analytics.recordPreview(previewed, request);
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(indexHtml);
  });
  return true;
}

/**
 * The page with `<meta name="kartlink:public-url">` set to the public address, before the end
 * of its head (a page without one is left as it is: the app then uses its own origin).
 */
function withPublicUrl(html: string, publicUrl: string): string {
  const head = /<\/head>/i.exec(html);
  if (!head) return html;
  const origin = new URL(publicUrl).origin;
  const meta = `<meta name="${PUBLIC_URL_META}" content="${origin.replace(/"/g, '&quot;')}" />`;
  return `${html.slice(0, head.index)}${meta}${html.slice(head.index)}`;
}
