import { ValidateBy, ValidateIf, type ValidationOptions } from 'class-validator';

/**
 * A class-validator rule from one of the plain rule functions of this library (which answer
 * the first problem in words, or undefined): the server checks with the same words as the web.
 */
export function Rule(problem: (value: unknown) => string | undefined, options?: ValidationOptions) {
  return ValidateBy(
    {
      name: problem.name || 'rule',
      validator: {
        validate: (value) => problem(value) === undefined,
        defaultMessage: (args) => problem(args?.value) ?? '',
      },
    },
    options,
  );
}

/**
 * An optional field: left out, it is left as it is; `null` is checked like any other value,
 * and so refused with the field's own message. (class-validator's IsOptional lets `null`
 * through: it is kept for the fields where null means "clear this".)
 */
export function Optional(options?: ValidationOptions) {
  return ValidateIf((_object, value) => value !== undefined, options);
}
