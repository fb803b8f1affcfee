import { isIP } from 'node:net';
import { z } from 'zod';

/**
 * Environment configuration, validated at boot with zod. Each app declares a schema of
 * variables; `loadConfig` parses all of them and throws one error that lists every problem, so
 * an operator fixes a deployment in one pass. Secret values never appear in messages or logs.
 * A variable keeps its description, default and secret flag beside its zod schema, for the
 * configuration tables in the READMEs (tools/deploy-check).
 */
export interface VarSpec<T> {
  readonly description: string;
  readonly secret?: boolean;
  /** Used when the variable is unset or empty; omit to make the variable required. */
  readonly default?: T;
  /** Unset or empty is refused when NODE_ENV is production (the default serves development). */
  readonly requiredInProduction?: boolean;
  /** Checks the variable's text and turns it into the value. */
  readonly schema: z.ZodType<T, string>;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export type Schema = Record<string, VarSpec<unknown>>;
export type ConfigOf<S extends Schema> = {
  readonly [K in keyof S]: S[K] extends VarSpec<infer T> ? T : never;
};

type Options<T> = {
  description: string;
  default?: T;
  secret?: boolean;
  requiredInProduction?: boolean;
};

function variable<T>(opts: Options<T>, schema: z.ZodType<T, string>): VarSpec<T> {
  return { ...opts, schema };
}

export function str(
  opts: Options<string> & {
    pattern?: RegExp;
    /** Said instead of the pattern when the text does not match it. */
    patternError?: string;
    maxLength?: number;
  },
): VarSpec<string> {
  let schema = z.string();
  if (opts.pattern)
    schema = schema.regex(opts.pattern, {
      error: opts.patternError ?? `must match ${opts.pattern}`,
    });
  if (opts.maxLength !== undefined)
    schema = schema.max(opts.maxLength, {
      error: `must be at most ${opts.maxLength} characters`,
    });
  return variable(opts, schema);
}

export function int(opts: Options<number> & { min?: number; max?: number }): VarSpec<number> {
  const { min = Number.MIN_SAFE_INTEGER, max = Number.MAX_SAFE_INTEGER } = opts;
  const error = `must be an integer from ${min} to ${max}`;
  return variable(
    opts,
    z
      .string()
      .trim()
      .regex(/^-?\d+$/, { error })
      .transform(Number)
      .pipe(z.number().min(min, { error }).max(max, { error })),
  );
}

export function bool(opts: Options<boolean>): VarSpec<boolean> {
  return variable(
    opts,
    z
      .string()
      .trim()
      .pipe(
        z.stringbool({
          truthy: ['1', 'true', 'yes', 'on'],
          falsy: ['0', 'false', 'no', 'off'],
          case: 'insensitive',
          error: 'must be true or false',
        }),
      ),
  );
}

export function oneOf<const V extends string>(values: readonly V[], opts: Options<V>): VarSpec<V> {
  return variable(
    opts,
    z.enum(values as [V, ...V[]], { error: `must be one of ${values.join(', ')}` }),
  );
}

export function url(opts: Options<string> & { protocols: readonly string[] }): VarSpec<string> {
  const wrongProtocol = `must be a URL starting with ${opts.protocols.map((p) => `${p}://`).join(' or ')}`;
  return variable(
    opts,
    z.url({
      protocol: new RegExp(`^(${opts.protocols.join('|')})$`),
      error: (issue) =>
        typeof issue.input === 'string' && URL.canParse(issue.input)
          ? wrongProtocol
          : 'must be a URL',
    }),
  );
}

/** An IANA time zone that this runtime knows, e.g. Asia/Kolkata. */
export function timeZone(opts: Options<string>): VarSpec<string> {
  const known = (zone: string) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  };
  return variable(
    opts,
    z.string().refine(known, { error: 'must be an IANA time zone such as Asia/Kolkata' }),
  );
}

/** A comma-separated list of absolute origins (scheme://host[:port]). */
export function origins(opts: Options<string[]>): VarSpec<string[]> {
  const origin = z
    .url({
      abort: true,
      error: (issue) => `"${String(issue.input)}" is not an origin such as https://example.com`,
    })
    .refine((item) => new URL(item).origin === item.replace(/\/$/, ''), {
      error: (issue) => `"${String(issue.input)}" must be an origin without a path`,
    })
    .transform((item) => item.replace(/\/$/, ''));
  return variable(
    opts,
    z
      .string()
      .transform((raw) =>
        raw
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      )
      .pipe(z.array(origin)),
  );
}

const TRUSTED_PROXIES_ERROR =
  'must be the number of proxies in front (e.g. 1 behind one ingress) or their addresses or CIDR ranges, comma-separated';

/** An IPv4 or IPv6 address, optionally with a CIDR prefix length that fits it. */
function isAddressOrRange(item: string): boolean {
  const [address, prefix, ...rest] = item.split('/');
  const version = isIP(address ?? '');
  if (!version || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * Which proxies in front may say who the client is (X-Forwarded-For): a number of hops (0: none,
 * the address is the connection's), or a comma-separated list of their addresses or CIDR ranges.
 * "Trust every hop" is refused: a client could then name any address by sending the header.
 */
export function trustedProxies(opts: Options<number | string[]>): VarSpec<number | string[]> {
  return variable(
    opts,
    z
      .string()
      .trim()
      .transform((raw, ctx): number | string[] => {
        if (/^(false|no|off)$/i.test(raw)) return 0;
        if (/^\d{1,2}$/.test(raw)) return Number(raw);
        const items = raw
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean);
        if (items.length > 0 && items.every(isAddressOrRange)) return items;
        ctx.addIssue({
          code: 'custom',
          message: /^(true|yes|on)$/i.test(raw)
            ? `${TRUSTED_PROXIES_ERROR}; "true" would trust an address any client can forge`
            : TRUSTED_PROXIES_ERROR,
        });
        return z.NEVER;
      }),
  );
}

export function loadConfig<S extends Schema>(
  schema: S,
  env: NodeJS.ProcessEnv = process.env,
): ConfigOf<S> {
  const problems: string[] = [];
  const out: Record<string, unknown> = {};
  for (const [name, spec] of Object.entries(schema)) {
    const raw = env[name];
    if (raw === undefined || raw === '') {
      if (spec.default === undefined) problems.push(`${name} is required: ${spec.description}`);
      else if (spec.requiredInProduction && env.NODE_ENV === 'production')
        problems.push(`${name} is required in production: ${spec.description}`);
      else out[name] = spec.default;
      continue;
    }
    const parsed = spec.schema.safeParse(raw);
    if (parsed.success) {
      out[name] = parsed.data;
      continue;
    }
    // Never echo a secret's value back.
    const shown = spec.secret ? '' : ` (got "${raw.length > 80 ? `${raw.slice(0, 80)}…` : raw}")`;
    problems.push(`${name} ${parsed.error.issues[0].message}${shown}`);
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return out as ConfigOf<S>;
}

/** Hides passwords inside URLs, e.g. for logging where the database is. */
export function maskUrl(value: string): string {
  try {
    const u = new URL(value);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return value;
  }
}

/** A view of the configuration that is safe to log: secrets hidden, URL passwords masked. */
export function describeConfig<S extends Schema>(
  schema: S,
  config: ConfigOf<S>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, spec] of Object.entries(schema)) {
    const value = (config as Record<string, unknown>)[name];
    out[name] = spec.secret ? '***' : typeof value === 'string' ? maskUrl(value) : value;
  }
  return out;
}
