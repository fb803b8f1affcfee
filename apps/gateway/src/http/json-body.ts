import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { ErrorCode } from '@kartlink/contracts';
import { ServiceError } from '@kartlink/server-kit';

/** No body of the API nests deeper than a few levels; this leaves room and stops abuse early. */
export const MAX_JSON_DEPTH = 32;

export const JsonBodyMessages = {
  tooDeep: `The request body nests too deeply (at most ${MAX_JSON_DEPTH} levels).`,
} as const;

/**
 * How deeply a JSON text nests its arrays and objects, counted without parsing it (brackets
 * inside strings do not count), stopping as soon as it passes `max`. Deep nesting costs
 * nothing to parse but overflows the stack of whatever walks the result later.
 */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i += 1;
      else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      depth += 1;
      if (depth > max) return true;
    } else if (c === 0x5d /* ] */ || c === 0x7d /* } */) {
      depth -= 1;
    }
  }
  return false;
}

/** The 400 of a body nested too deeply, the same on every route. */
const tooDeep = () => new ServiceError(ErrorCode.BAD_REQUEST, JsonBodyMessages.tooDeep);

/**
 * Fastify's own JSON parser (prototype poisoning refused as by default), behind a depth check:
 * a body nested deeper than MAX_JSON_DEPTH answers 400 before it is parsed.
 */
export function registerJsonParser(app: NestFastifyApplication) {
  const fastify = app.getHttpAdapter().getInstance();
  const parse = fastify.getDefaultJsonParser('error', 'error');
  fastify.removeContentTypeParser('application/json');
  fastify.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (nestsDeeperThan(body as string, MAX_JSON_DEPTH)) return done(tooDeep(), undefined);
    parse(request, body as string, done);
  });
}
