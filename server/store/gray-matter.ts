import type Matter from 'gray-matter';
import { packageOnFirstUse } from '../config/package-on-first-use.js';

/** gray-matter, loaded on first use (~35 ms): a project without Markdown files never pays for it. */
export const grayMatter = packageOnFirstUse<typeof Matter>('gray-matter');
