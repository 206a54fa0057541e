import { createRequire } from 'node:module';
import type Matter from 'gray-matter';

const require = createRequire(import.meta.url);
let loaded: typeof Matter | undefined;

/** gray-matter, loaded on first use (~35 ms): a project without Markdown files never pays for it. */
export function grayMatter(): typeof Matter {
  return (loaded ??= require('gray-matter') as typeof Matter);
}
