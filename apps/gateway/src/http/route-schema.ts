import { DefaultErrorMessage, type FieldError, isUuid, shopUrlProblem } from '@kartlink/contracts';
import { ServiceError } from '@kartlink/server-kit';
import Ajv, { type ErrorObject } from 'ajv';
import type { FastifySchema, FastifySchemaCompiler, FastifySchemaValidationError } from 'fastify';
import { InputMessages } from './validation';

/** Which part of a request a schema checks, as Fastify's schemaErrorFormatter names it. */
type SchemaErrorDataVar = 'body' | 'headers' | 'params' | 'querystring';

/**
 * The plain Fastify routes (visitors' reads, tracking, images) declare their input as JSON
 * schemas: Fastify checks parameters and bodies with them before the handler runs, and
 * openapi.ts documents the routes from the same schemas. Refusals answer SPEC's
 * `[{ path, msg }]` in the project's words (fieldErrors below), one message per field.
 */
export interface RouteSchema extends FastifySchema {
  summary: string;
  description?: string;
  tags: string[];
  params?: ObjectSchema;
  querystring?: ObjectSchema;
  body?: object;
  /** What each status means; descriptions only, so answers are serialised as before. */
  response: Record<number, { description: string }>;
}

export interface ObjectSchema {
  type: 'object';
  properties: Record<string, { description?: string } & Record<string, unknown>>;
  required?: string[];
  [keyword: string]: unknown;
}

const SchemaMessages = {
  body: 'The body must be a JSON object.',
  text: (field: string) => `${field} must be text.`,
  tooLong: (field: string, max: number) => `${field} must be at most ${max} characters.`,
  characters: InputMessages.characters,
  oneOf: (field: string, allowed: readonly unknown[]) =>
    `${field} must be one of ${allowed.join(', ')}.`,
} as const;

const TIME_ZONE = /^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+){0,2}$/;

/**
 * The named kinds of text a schema may ask for (`format`), each with what its refusal says.
 * Values are checked as the handlers read them: trimmed (and lower-cased for shop URLs).
 */
const FORMATS: Record<
  string,
  { validate: (value: string) => boolean; message: (field: string, value: unknown) => string }
> = {
  // The one id a plain route checks is a product's (a link's, in SPEC's paths).
  uuid: { validate: (value) => isUuid(value.trim()), message: () => 'This link id is not valid.' },
  'shop-url': {
    validate: (value) => shopUrlProblem(value) === undefined,
    message: (_field, value) => shopUrlProblem(value) ?? DefaultErrorMessage.validation,
  },
  // A page size in a query (the public shop's product list): a whole number, 1 to 100.
  'page-limit': {
    validate: (value) => /^(?:[1-9][0-9]?|100)$/.test(value),
    message: (field) => `${field} must be a whole number from 1 to 100.`,
  },
  // An IANA time zone as browsers report it; blank is "not said".
  'time-zone': {
    validate: (value) => value.trim() === '' || TIME_ZONE.test(value.trim()),
    message: (field) => `${field} must be a time zone such as Asia/Kolkata.`,
  },
};

// Control characters (U+0000 to U+001F and U+007F) never belong in short texts.
const NO_CONTROL_CHARACTER = '^[^\\u0000-\\u001F\\u007F]*$';

/** A short text field a client may leave out or send as null: at most `maxLength` characters. */
export function shortText(description: string, maxLength: number) {
  return {
    type: 'string',
    nullable: true,
    maxLength,
    pattern: NO_CONTROL_CHARACTER,
    description,
  } as const;
}

/** Path parameters: each a required string. */
export function pathParams(
  properties: Record<string, { description?: string; format?: string }>,
): ObjectSchema {
  return {
    type: 'object',
    required: Object.keys(properties),
    properties: Object.fromEntries(
      Object.entries(properties).map(([name, property]) => [name, { type: 'string', ...property }]),
    ),
  };
}

/**
 * Every error of a value is listed (allErrors); nothing is coerced, added or removed; lengths
 * count UTF-16 units as String.length does (unicode: false, which Ajv calls deprecated: hence
 * no logger, and strict mode throws at startup instead of logging).
 */
export const ajv = new Ajv({
  allErrors: true,
  verbose: true,
  unicode: false,
  strict: true,
  logger: false,
});
for (const [name, { validate }] of Object.entries(FORMATS))
  ajv.addFormat(name, { type: 'string', validate });

/** Fastify's validator for every route schema: the gateway's Ajv. */
export const validatorCompiler: FastifySchemaCompiler<object> = ({ schema }) => ajv.compile(schema);

/** A refusal in SPEC's terms: the first problem of each field, in the schema's order. */
export function fieldErrors(
  errors: readonly FastifySchemaValidationError[],
  dataVar: SchemaErrorDataVar,
): FieldError[] {
  const messages = new Map<string, string>();
  for (const error of errors) {
    const path = error.instancePath.slice(1).replaceAll('/', '.') || dataVar;
    if (!messages.has(path)) messages.set(path, messageOf(error as ErrorObject, path));
  }
  return [...messages].map(([path, msg]) => ({ path, msg }));
}

function messageOf(error: ErrorObject, field: string): string {
  switch (error.keyword) {
    case 'type':
      return error.instancePath === '' ? SchemaMessages.body : SchemaMessages.text(field);
    case 'maxLength':
      return SchemaMessages.tooLong(field, Number(error.params.limit));
    case 'pattern':
      return SchemaMessages.characters(field);
    case 'enum':
      return SchemaMessages.oneOf(field, error.params.allowedValues as unknown[]);
    case 'format': {
      const format = FORMATS[String(error.params.format)];
      return format ? format.message(field, error.data) : DefaultErrorMessage.validation;
    }
    default:
      return DefaultErrorMessage.validation;
  }
}

/** Fastify's schemaErrorFormatter: the envelope's VALIDATION_ERROR, as the DTO routes answer. */
export function schemaErrorFormatter(
  errors: FastifySchemaValidationError[],
  dataVar: SchemaErrorDataVar,
): Error {
  return ServiceError.validation(fieldErrors(errors, dataVar));
}
