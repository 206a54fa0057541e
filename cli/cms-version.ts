import { createRequire } from 'node:module';

/** cms's version, from the package.json beside the built code (dist/cli → ../../package.json). */
export function readCmsVersion(): string {
  const manifest = createRequire(import.meta.url)('../../package.json') as { version?: unknown };
  return typeof manifest.version === 'string' ? manifest.version : '0.0.0';
}
