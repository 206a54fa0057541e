import type { CmsConfig } from '../config/cms-config.js';
import { answerEtag, cacheControlOf } from '../documents/answer-headers.js';
import type { ContentType } from '../schema/content-type.js';

export const HEADERS_FILE = '_headers';

/**
 * The `_headers` file of Netlify and Cloudflare Pages: for each exported answer, at the path it is
 * requested by (its file without `.json`), the ETag `cms serve` sends for the same bytes and the
 * type's Cache-Control.
 */
export interface HeadersFile {
  add(file: string, text: string, type: ContentType): void;
  text(): string;
}

export function createHeadersFile(config: CmsConfig): HeadersFile {
  const rules: string[] = [];
  return {
    add(file, text, type) {
      const cacheControl = cacheControlOf(config, type);
      const lines = [`/${file.replace(/\.json$/, '')}`, `  ETag: ${answerEtag(text)}`];
      if (cacheControl !== undefined) lines.push(`  Cache-Control: ${cacheControl}`);
      rules.push(lines.join('\n'));
    },
    text: () => (rules.length === 0 ? '' : `${rules.join('\n')}\n`),
  };
}
