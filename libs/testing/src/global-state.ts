/**
 * Jest runs a project's globalSetup and globalTeardown in the same process, but as separately
 * loaded modules: what the setup started reaches the teardown through globalThis.
 */
const slot = (name: string) => Symbol.for(`kartlink.testing.${name}`);

export function keepForTeardown<T>(name: string, value: T): void {
  (globalThis as Record<symbol, unknown>)[slot(name)] = value;
}

export function takeFromSetup<T>(name: string): T | undefined {
  const store = globalThis as Record<symbol, unknown>;
  const value = store[slot(name)] as T | undefined;
  delete store[slot(name)];
  return value;
}
