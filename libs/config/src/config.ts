/**
 * Environment configuration, validated at boot. Each app declares a schema of variables;
 * `loadConfig` parses all of them and throws one error that lists every problem, so an
 * operator fixes a deployment in one pass. Secret values never appear in messages or logs.
 */
export interface VarSpec<T> {
  readonly description: string;
  readonly secret?: boolean;
  /** Used when the variable is unset or empty; omit to make the variable required. */
  readonly default?: T;
  parse(raw: string): T;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

class Invalid extends Error {}

export type Schema = Record<string, VarSpec<unknown>>;
export type ConfigOf<S extends Schema> = {
  readonly [K in keyof S]: S[K] extends VarSpec<infer T> ? T : never;
};

type Options<T> = { description: string; default?: T; secret?: boolean };

export function str(
  opts: Options<string> & { pattern?: RegExp; maxLength?: number },
): VarSpec<string> {
  return {
    ...opts,
    parse(raw) {
      if (opts.pattern && !opts.pattern.test(raw)) throw new Invalid(`must match ${opts.pattern}`);
      if (opts.maxLength !== undefined && raw.length > opts.maxLength)
        throw new Invalid(`must be at most ${opts.maxLength} characters`);
      return raw;
    },
  };
}

export function int(opts: Options<number> & { min?: number; max?: number }): VarSpec<number> {
  const { min = Number.MIN_SAFE_INTEGER, max = Number.MAX_SAFE_INTEGER } = opts;
  return {
    ...opts,
    parse(raw) {
      const value = Number(raw);
      if (!/^-?\d+$/.test(raw.trim()) || value < min || value > max)
        throw new Invalid(`must be an integer from ${min} to ${max}`);
      return value;
    },
  };
}

export function bool(opts: Options<boolean>): VarSpec<boolean> {
  return {
    ...opts,
    parse(raw) {
      const v = raw.trim().toLowerCase();
      if (['1', 'true', 'yes', 'on'].includes(v)) return true;
      if (['0', 'false', 'no', 'off'].includes(v)) return false;
      throw new Invalid('must be true or false');
    },
  };
}

export function oneOf<const V extends string>(values: readonly V[], opts: Options<V>): VarSpec<V> {
  return {
    ...opts,
    parse(raw) {
      if (!(values as readonly string[]).includes(raw))
        throw new Invalid(`must be one of ${values.join(', ')}`);
      return raw as V;
    },
  };
}

export function url(opts: Options<string> & { protocols: readonly string[] }): VarSpec<string> {
  return {
    ...opts,
    parse(raw) {
      let parsed: URL;
      try {
        parsed = new URL(raw);
      } catch {
        throw new Invalid('must be a URL');
      }
      if (!opts.protocols.includes(parsed.protocol.replace(/:$/, '')))
        throw new Invalid(
          `must be a URL starting with ${opts.protocols.map((p) => `${p}://`).join(' or ')}`,
        );
      return raw;
    },
  };
}

/** An IANA time zone that this runtime knows, e.g. Asia/Kolkata. */
export function timeZone(opts: Options<string>): VarSpec<string> {
  return {
    ...opts,
    parse(raw) {
      try {
        new Intl.DateTimeFormat('en', { timeZone: raw });
      } catch {
        throw new Invalid('must be an IANA time zone such as Asia/Kolkata');
      }
      return raw;
    },
  };
}

/** A comma-separated list of absolute origins (scheme://host[:port]). */
export function origins(opts: Options<string[]>): VarSpec<string[]> {
  return {
    ...opts,
    parse(raw) {
      const list = raw
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      for (const item of list) {
        let u: URL;
        try {
          u = new URL(item);
        } catch {
          throw new Invalid(`"${item}" is not an origin such as https://example.com`);
        }
        if (u.origin !== item.replace(/\/$/, ''))
          throw new Invalid(`"${item}" must be an origin without a path`);
      }
      return list.map((item) => item.replace(/\/$/, ''));
    },
  };
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
      else out[name] = spec.default;
      continue;
    }
    try {
      out[name] = spec.parse(raw);
    } catch (err) {
      if (!(err instanceof Invalid)) throw err;
      // Never echo a secret's value back.
      const shown = spec.secret ? '' : ` (got "${raw.length > 80 ? `${raw.slice(0, 80)}…` : raw}")`;
      problems.push(`${name} ${err.message}${shown}`);
    }
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
