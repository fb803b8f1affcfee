import { type Context, context } from '@opentelemetry/api';
import { AsyncLocalStorage } from 'node:async_hooks';

/** What every log line and outgoing service request of one incoming request carries. */
export interface RequestContext {
  requestId: string;
  /** The trace context its work runs in (a handler's span: tracing.ts), when tracing is on. */
  trace?: Context;
}

const storage = new AsyncLocalStorage<RequestContext>();

export function runWithRequestContext<T>(request: RequestContext, fn: () => T): T {
  if (request.trace) return context.with(request.trace, () => storage.run(request, fn));
  return storage.run(request, fn);
}

export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** An incoming id is kept when it looks like one (proxies often set it), else a new one is made. */
export function acceptRequestId(incoming: unknown, generate: () => string): string {
  return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : generate();
}
