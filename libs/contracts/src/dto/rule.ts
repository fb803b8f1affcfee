import { ValidateBy, type ValidationOptions } from 'class-validator';

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
