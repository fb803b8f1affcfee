import { ValidationPipe, type ValidationError } from '@nestjs/common';
import type { FieldError } from '@kartlink/contracts';
import { ServiceError } from '@kartlink/server-kit';

/**
 * Flattens class-validator's tree into SPEC's `[{ path, msg }]`, nested paths joined by dots.
 * Problems with the fields a person filled in come first; unknown fields (a client bug) last.
 */
export function toFieldErrors(errors: ValidationError[], parent = ''): FieldError[] {
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

/** Bodies and queries are checked against the DTOs of libs/contracts; unknown fields are refused. */
export function createValidationPipe() {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    stopAtFirstError: true,
    exceptionFactory: (errors) => ServiceError.validation(toFieldErrors(errors)),
  });
}
