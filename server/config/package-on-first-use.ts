import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * A package loaded the first time it is used, not when the module naming it loads: a start then
 * does not load what only a mail, an upload or a password needs (`cms serve` loaded ~650 modules
 * before it read anything).
 */
export function packageOnFirstUse<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= require(name) as T);
}
