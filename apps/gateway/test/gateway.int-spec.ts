import { Body, Controller, Module, Post } from '@nestjs/common';
import { MessagePattern, Payload, Ctx, type NatsContext } from '@nestjs/microservices';
import { NestFactory } from '@nestjs/core';
import type { INestMicroservice } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  ErrorCode,
  Subjects,
  queueGroupOf,
  type Readiness,
  type ServiceHealth,
  type ServiceName,
} from '@kartlink/contracts';
import { loadConfig } from '@kartlink/config';
import { waitFor } from '@kartlink/testing';
import {
  createLogger,
  natsConnectionOptions,
  PrefixedNatsServer,
  RpcErrorFilter,
  ServiceError,
} from '@kartlink/server-kit';
import { IsString, MinLength } from 'class-validator';
import { Redis } from 'ioredis';
import { Writable } from 'node:stream';
import pino from 'pino';
import { createGateway, registeredRoutes } from '../src/app.factory';
import { configSchema } from '../src/config';
import { RateLimit } from '../src/rate-limit/rate-limit.decorator';

/** What the stand-in services do when asked for their health. */
type Behaviour = 'ok' | 'degraded' | 'not-found' | 'crash' | 'hang';
const behaviour: Record<ServiceName, Behaviour> = {
  auth: 'ok',
  shop: 'ok',
  media: 'ok',
  analytics: 'ok',
};
const seenRequestIds: string[] = [];
/** Answers held by the 'hang' behaviour; closing the stand-ins waits for them, so it lets them go. */
const hanging: Array<() => void> = [];
const releaseHanging = () => {
  for (const release of hanging.splice(0)) release();
};

function health(service: ServiceName, status: ServiceHealth['status']): ServiceHealth {
  const database =
    status === 'ok'
      ? { ok: true, latencyMs: 1 }
      : { ok: false, latencyMs: 1, error: 'connection refused' };
  return { service, status, version: 'test', uptimeSeconds: 1, checks: { database } };
}

@Controller()
class StandInServices {
  @MessagePattern(Subjects.health('auth'))
  auth(@Payload() _: unknown, @Ctx() ctx: NatsContext) {
    seenRequestIds.push((ctx.getHeaders() as { get(k: string): string }).get('x-request-id'));
    return this.answer('auth');
  }
  @MessagePattern(Subjects.health('shop'))
  shop() {
    return this.answer('shop');
  }
  @MessagePattern(Subjects.health('media'))
  media() {
    return this.answer('media');
  }
  @MessagePattern(Subjects.health('analytics'))
  analytics() {
    return this.answer('analytics');
  }

  private answer(service: ServiceName): Promise<ServiceHealth> | ServiceHealth {
    switch (behaviour[service]) {
      case 'ok':
        return health(service, 'ok');
      case 'degraded':
        return health(service, 'degraded');
      case 'not-found':
        throw new ServiceError(ErrorCode.NOT_FOUND, 'Shop not found');
      case 'crash':
        throw new Error('database password is hunter2');
      case 'hang':
        return new Promise((resolve) => hanging.push(() => resolve(health(service, 'ok'))));
    }
  }
}
@Module({ controllers: [StandInServices] })
class StandInModule {}

class EchoBody {
  @IsString()
  @MinLength(3, { message: 'Name must be at least 3 characters' })
  name!: string;
}
@Controller('test')
class TestController {
  @Post('echo')
  echo(@Body() body: EchoBody) {
    return body;
  }
  @Post('limited')
  @RateLimit({ name: 'test-limited', limit: 3, windowMs: 60_000 })
  limited() {
    return { ok: true };
  }
}
@Module({ controllers: [TestController] })
class TestRoutesModule {}

const logLines: Array<Record<string, unknown>> = [];
const capture = new Writable({
  write(chunk, _enc, done) {
    for (const line of String(chunk).split('\n').filter(Boolean)) logLines.push(JSON.parse(line));
    done();
  },
});

let gateway: NestFastifyApplication;
let services: INestMicroservice | undefined;
let base: string;
const config = loadConfig(configSchema, {
  ...process.env,
  SERVICE_TIMEOUT_MS: '400',
  BODY_LIMIT_BYTES: '2048',
  WEB_ORIGIN: 'https://shop.example',
  WEB_DIST_DIR: '',
});

async function startServices() {
  const logger = createLogger('stand-in', 'silent');
  services = await NestFactory.createMicroservice(StandInModule, {
    strategy: new PrefixedNatsServer(
      { ...natsConnectionOptions(config.NATS_URL, 'stand-in'), queue: queueGroupOf('auth') },
      config.NATS_SUBJECT_PREFIX,
    ),
    logger: false,
  });
  services.useGlobalFilters(new RpcErrorFilter(logger));
  await services.listen();
}

beforeAll(async () => {
  const logger = pino({ level: 'info', base: { service: 'gateway' } }, capture);
  gateway = await createGateway(config, logger, [TestRoutesModule]);
  await gateway.listen({ port: 0, host: '127.0.0.1' });
  base = (await gateway.getUrl()).replace('[::1]', '127.0.0.1');
  await startServices();
});

afterAll(async () => {
  releaseHanging();
  await services?.close();
  await gateway.close();
  const redis = new Redis(config.REDIS_URL);
  const keys = await redis.keys(`${config.REDIS_KEY_PREFIX}*`);
  if (keys.length) await redis.del(...keys);
  redis.disconnect();
});

beforeEach(() => {
  for (const name of Object.keys(behaviour) as ServiceName[]) behaviour[name] = 'ok';
});

const get = (path: string, init?: RequestInit) => fetch(`${base}${path}`, init);
const post = (path: string, body: string, contentType = 'application/json') =>
  fetch(`${base}${path}`, { method: 'POST', body, headers: { 'content-type': contentType } });

describe('gateway → NATS → service', () => {
  it('answers liveness without asking anyone', async () => {
    const res = await get('/api/health/live');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, data: { status: 'ok' } });
  });

  it("relays a service's state in the success envelope, without its version or timings", async () => {
    const res = await get('/api/health/services/auth');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      success: true,
      data: { service: 'auth', status: 'ok', checks: { database: { ok: true } } },
    });
  });

  it("keeps a failing service's error text for the log, not the public answer", async () => {
    behaviour.auth = 'degraded';
    logLines.length = 0;
    const res = await get('/api/health/services/auth');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      success: true,
      data: { service: 'auth', status: 'degraded', checks: { database: { ok: false } } },
    });
    expect(logLines).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          msg: 'auth-service is not healthy',
          health: expect.objectContaining({ version: 'test' }),
        }),
      ]),
    );
    expect(JSON.stringify(logLines)).toContain('connection refused');
  });

  it('is ready only when every service answers healthy, and says which one is not', async () => {
    expect((await get('/api/health/ready')).status).toBe(200);
    behaviour.media = 'degraded';
    logLines.length = 0;
    const res = await get('/api/health/ready');
    expect(res.status).toBe(503);
    const body = (await res.json()) as { success: boolean; data: Readiness };
    expect(body.success).toBe(false);
    // Generic states only: the error text and timings go to the log.
    expect(body.data.checks).toEqual({
      nats: { ok: true },
      redis: { ok: true },
      services: {
        auth: { ok: true, status: 'ok' },
        shop: { ok: true, status: 'ok' },
        media: { ok: false, status: 'degraded' },
        analytics: { ok: true, status: 'ok' },
      },
    });
    expect(logLines).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          msg: 'not ready',
          checks: expect.objectContaining({
            services: expect.objectContaining({
              media: expect.objectContaining({ error: 'connection refused' }),
            }),
          }),
        }),
      ]),
    );

    // The load balancer's question: this gateway can still serve, so it stays in rotation.
    const own = await get('/api/health/ready?scope=gateway');
    expect(own.status).toBe(200);
    const ownBody = (await own.json()) as { success: boolean; data: Readiness };
    expect(ownBody.data.status).toBe('ready');
    expect(ownBody.data.checks.services.media).toMatchObject({ ok: false, status: 'degraded' });
    expect((await get('/api/health/ready?scope=everything')).status).toBe(400);
  });

  it("maps a service's modelled error to its status and message", async () => {
    behaviour.auth = 'not-found';
    const res = await get('/api/health/services/auth');
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({
      success: false,
      error: 'Shop not found',
      errorCode: 'NOT_FOUND',
    });
  });

  it('turns a crash inside a service into a 500 that reveals nothing', async () => {
    behaviour.auth = 'crash';
    const res = await get('/api/health/services/auth');
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(JSON.parse(text)).toMatchObject({
      errorCode: 'INTERNAL_ERROR',
      error: 'Server error. Please try again later.',
    });
    expect(text).not.toContain('hunter2');
  });

  it('answers 504 when a service does not answer in time, and keeps serving meanwhile', async () => {
    behaviour.shop = 'hang';
    let slowSettled = false;
    const slow = get('/api/health/services/shop').finally(() => (slowSettled = true));
    const live = await get('/api/health/live');
    expect(live.status).toBe(200);
    // Liveness answered while the request to the hanging service was still waiting.
    expect(slowSettled).toBe(false);
    const res = await slow;
    expect(res.status).toBe(504);
    expect(await res.json()).toMatchObject({ success: false, errorCode: 'SERVICE_TIMEOUT' });
  });

  it('answers 504 while a service is down and recovers by itself when it returns', async () => {
    // A service stopping answers the requests it holds first (a hung one, only when it ends).
    releaseHanging();
    await services?.close();
    services = undefined;
    const down = await get('/api/health/services/analytics');
    expect(down.status).toBe(504);
    expect(await down.json()).toMatchObject({ success: false, errorCode: 'SERVICE_TIMEOUT' });
    expect((await get('/api/health/ready')).status).toBe(503);
    await startServices();
    // Nothing is restarted or reset: the next requests find the service again, within seconds.
    const back = await waitFor(
      async () => {
        const res = await get('/api/health/services/analytics');
        return res.status === 200 && res;
      },
      { timeoutMs: 10_000, description: 'the service answering again' },
    );
    expect(back.status).toBe(200);
  });

  it('carries the request id to the service and into structured logs', async () => {
    const res = await get('/api/health/services/auth', {
      headers: { 'x-request-id': 'trace-me-42' },
    });
    expect(res.headers.get('x-request-id')).toBe('trace-me-42');
    expect(seenRequestIds).toContain('trace-me-42');
    const lines = logLines.filter((line) => line.requestId === 'trace-me-42');
    expect(lines.map((l) => l.msg)).toEqual(
      expect.arrayContaining(['incoming request', 'request completed']),
    );
  });

  it('gives every request an id when the client sends none', async () => {
    const res = await get('/api/health/live');
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('bad input', () => {
  it('answers an unknown route with 404 and the envelope', async () => {
    const res = await get('/api/no/such/route');
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({
      success: false,
      errorCode: 'ROUTE_NOT_FOUND',
      error: 'There is no API route GET /api/no/such/route.',
    });
  });

  it('answers an unknown service name with 404', async () => {
    const res = await get('/api/health/services/payments');
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ errorCode: 'NOT_FOUND' });
  });

  it('answers malformed JSON with 400', async () => {
    const res = await post('/api/test/echo', '{"name": ');
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ success: false, errorCode: 'BAD_REQUEST' });
  });

  it('answers JSON nested deeper than 32 levels with 400, as the whole body or in a field', async () => {
    const nested = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);
    for (const body of [nested(900), `{"name":${nested(900)}}`, `{"name":${nested(33)}}`]) {
      const res = await post('/api/test/echo', body);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({
        success: false,
        errorCode: 'BAD_REQUEST',
        error: 'The request body nests too deeply (at most 32 levels).',
      });
    }
    // Brackets inside a string are text, not nesting.
    const res = await post('/api/test/echo', JSON.stringify({ name: `Asha ${nested(40)}` }));
    expect(res.status).toBe(201);
  });

  it('answers a path the router cannot read with the envelope, never Fastify’s own body', async () => {
    for (const [method, path] of [
      ['GET', '/api/urls/%'],
      ['POST', `/api/analytics/track/${'a'.repeat(150)}`],
    ]) {
      const res = await get(path!, { method });
      expect(res.status).toBe(400);
      const body = (await res.json()) as Record<string, unknown>;
      expect(body).toEqual({
        success: false,
        errorCode: 'BAD_REQUEST',
        error: 'Please check your input and try again.',
        requestId: res.headers.get('x-request-id'),
      });
    }
  });

  it('answers a wrong content type with 415', async () => {
    const res = await post('/api/test/echo', '<name>x</name>', 'application/xml');
    expect(res.status).toBe(415);
    expect(await res.json()).toMatchObject({ success: false, errorCode: 'UNSUPPORTED_MEDIA_TYPE' });
  });

  it('answers an oversized body with 413', async () => {
    const res = await post('/api/test/echo', JSON.stringify({ name: 'x'.repeat(4096) }));
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ success: false, errorCode: 'PAYLOAD_TOO_LARGE' });
  });

  it('answers a body that breaks the contract with 400 and the field errors', async () => {
    const res = await post('/api/test/echo', JSON.stringify({ name: 'ab', role: 'admin' }));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      success: false,
      errorCode: 'VALIDATION_ERROR',
      error: 'Name must be at least 3 characters',
      errors: [
        { path: 'name', msg: 'Name must be at least 3 characters' },
        { path: 'role', msg: 'role is not an accepted field' },
      ],
    });
  });

  it('accepts a valid body', async () => {
    const res = await post('/api/test/echo', JSON.stringify({ name: 'Asha' }));
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ success: true, data: { name: 'Asha' } });
  });
});

describe('rate limiting and CORS', () => {
  it('refuses the request over the budget with 429 and says when to retry', async () => {
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let i = 0; i < 4; i += 1) {
      last = await post('/api/test/limited', '{}');
      statuses.push(last.status);
    }
    expect(statuses).toEqual([201, 201, 201, 429]);
    expect(Number(last?.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await last?.json()).toMatchObject({
      errorCode: 'RATE_LIMITED',
      error: 'Too many requests. Please wait a moment and try again.',
    });
    const redis = new Redis(config.REDIS_URL);
    expect(await redis.keys(`${config.REDIS_KEY_PREFIX}rl:test-limited:*`)).toHaveLength(1);
    redis.disconnect();
  });

  it('lets the configured web origin call with credentials, and no other', async () => {
    const preflight = (origin: string) =>
      get('/api/health/live', {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'GET' },
      });
    const allowed = await preflight('https://shop.example');
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://shop.example');
    expect(allowed.headers.get('access-control-allow-credentials')).toBe('true');
    const other = await preflight('https://evil.example');
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    expect(other.headers.get('access-control-allow-credentials')).toBeNull();
  });

  it('publishes the API document', async () => {
    const res = await get('/api/docs/json');
    expect(res.status).toBe(200);
    const doc = (await res.json()) as {
      info: { title: string };
      paths: Record<string, unknown>;
      components: { schemas: Record<string, { required?: string[]; properties?: object }> };
    };
    // Bodies are documented from the same rules that validate them.
    expect(doc.components.schemas.LoginRequest).toMatchObject({
      required: ['email', 'password'],
      properties: { email: { type: 'string' }, rememberMe: { type: 'boolean' } },
    });
    expect(doc.info.title).toBe('Kartlink API');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/health/live',
        '/api/health/ready',
        '/api/health/services/{service}',
        '/api/auth/login',
        '/api/auth/refresh',
        '/api/auth/me',
        '/api/auth/google',
        '/api/user/profile',
        '/api/admin/impersonation-tokens',
        '/api/shop/{shopUrl}',
        '/api/shop/{shopUrl}/urls',
        '/api/url/shop/{shopUrl}/{shortCode}',
        '/api/urls',
      ]),
    );
    const page = await get('/api/docs');
    expect(page.headers.get('content-type')).toContain('text/html');
  });

  it('documents every API route the gateway has, and no other', async () => {
    const doc = (await (await get('/api/docs/json')).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    // The stand-in test routes (TestRoutesModule) are left out of both.
    const documented = Object.entries(doc.paths)
      .filter(([path]) => !path.startsWith('/api/test/'))
      .flatMap(([path, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${path}`))
      .sort();
    const served = registeredRoutes(gateway)
      // The store redirects are visitors' routes outside /api that the document describes too.
      .filter(({ url }) => url.startsWith('/api/') || url.startsWith('/:shopUrl/:shortCode/go'))
      .filter(({ method }) => !['HEAD', 'OPTIONS'].includes(method))
      .filter(({ url }) => !url.startsWith('/api/docs') && !url.startsWith('/api/test/'))
      .map(({ method, url }) => `${method} ${url.replace(/:(\w+)/g, '{$1}')}`)
      .sort();
    expect(documented).toEqual(served);
    expect(served).toEqual(
      expect.arrayContaining(['PUT /api/banners/{id}', 'DELETE /api/banners/{id}']),
    );
  });

  it('documents the plain Fastify routes from the schemas that check their input', async () => {
    type Operation = {
      tags: string[];
      summary: string;
      parameters: Array<{ name: string; in: string; schema: { format?: string } }>;
      requestBody?: {
        content: Record<string, { schema: { allOf: Array<{ properties: object }> } }>;
      };
      responses: Record<string, { description: string }>;
    };
    const doc = (await (await get('/api/docs/json')).json()) as {
      paths: Record<string, Record<string, Operation>>;
    };
    const click = doc.paths['/api/analytics/track/{urlId}'].post;
    expect(click.tags).toEqual(['analytics']);
    expect(click.parameters).toEqual([
      expect.objectContaining({
        name: 'urlId',
        in: 'path',
        schema: { type: 'string', format: 'uuid' },
      }),
    ]);
    const body = click.requestBody?.content['application/json'].schema;
    expect(body?.allOf[0].properties).toMatchObject({
      device: { type: 'string', maxLength: 32 },
      platform: { type: 'string', maxLength: 40 },
    });
    expect(Object.keys(click.responses)).toEqual(['202', '400', '429', '503']);
    expect(doc.paths['/api/analytics/track-shop/{shopUrl}'].post.parameters[0].schema.format).toBe(
      'shop-url',
    );
    expect(
      doc.paths['/api/url/shop/{shopUrl}/{shortCode}'].get.parameters.map((p) => p.name),
    ).toEqual(['shopUrl', 'shortCode']);
    expect(doc.paths['/api/banners/{id}'].get).toMatchObject({
      tags: ['banners'],
      responses: { '404': { description: 'No such image, or it was deleted' } },
    });
  });
});
