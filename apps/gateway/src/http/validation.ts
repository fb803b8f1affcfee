import { type ArgumentMetadata, ValidationPipe, type ValidationError } from '@nestjs/common';
import type { FieldError } from '@kartlink/contracts';
import { ServiceError } from '@kartlink/server-kit';

/**
 * Flattens class-validator's tree into SPEC's `[{ path, msg }]`, nested paths joined by dots.
 * Problems with the fields a person filled in come first; unknown fields (a client bug) last.
 */
function toFieldErrors(errors: ValidationError[], parent = ''): FieldError[] {
  const flat = errors.flatMap((error): Array<FieldError & { unknown: boolean }> => {
    const path = parent ? `${parent}.${error.property}` : error.property;
    const own = Object.entries(error.constraints ?? {}).map(([rule, msg]) =>
      rule === 'whitelistValidation'
        ? { path, msg: `${path} is not an accepted field`, unknown: true }
        : { path, msg, unknown: false },
    );
    return [
      ...own,
      ...toFieldErrors(error.children ?? [], path).map((e) => ({ ...e, unknown: false })),
    ];
  });
  return [...flat.filter((e) => !e.unknown), ...flat.filter((e) => e.unknown)].map(
    ({ path, msg }) => ({ path, msg }),
  );
}

export const InputMessages = {
  body: 'The request body must be a JSON object.',
  characters: (path: string) => `${path} contains characters that are not allowed.`,
} as const;

// Control characters (U+0000 to U+001F but tab, line feed and carriage return, and U+007F)
// never belong in text a person typed; PostgreSQL refuses U+0000 in text outright.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** Each string of a parsed body, query or parameter that holds a control character. */
function controlCharacterErrors(value: unknown, path: string): FieldError[] {
  if (typeof value === 'string')
    return CONTROL.test(value) ? [{ path, msg: InputMessages.characters(path) }] : [];
  if (typeof value !== 'object' || value === null) return [];
  // Bodies nest at most MAX_JSON_DEPTH levels (json-body.ts), so this recursion is bounded.
  return Object.entries(value).flatMap(([key, item]) =>
    controlCharacterErrors(item, path ? `${path}.${key}` : key),
  );
}

/**
 * Bodies, queries and parameters are checked against the DTOs of libs/contracts; unknown
 * fields are refused. Before the DTO: a body that is not a JSON object (`null`, an array, a
 * number) and any text with a control character are refused, whatever the route.
 */
class RequestValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata) {
    if (metadata.type === 'custom') return value;
    const isDto = typeof metadata.metatype === 'function' && !PRIMITIVES.has(metadata.metatype);
    if (
      metadata.type === 'body' &&
      isDto &&
      value !== undefined &&
      (typeof value !== 'object' || value === null || Array.isArray(value))
    )
      throw ServiceError.validation([{ path: 'body', msg: InputMessages.body }]);
    const errors = controlCharacterErrors(
      value,
      metadata.type === 'param' ? (metadata.data ?? '') : '',
    );
    if (errors.length > 0) throw ServiceError.validation(errors);
    return super.transform(value, metadata);
  }
}

const PRIMITIVES = new Set<unknown>([String, Number, Boolean, Object, Array]);

export function createValidationPipe() {
  return new RequestValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    stopAtFirstError: true,
    exceptionFactory: (errors) => ServiceError.validation(toFieldErrors(errors)),
  });
}
