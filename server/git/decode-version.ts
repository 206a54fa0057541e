import type { ContentType } from '../schema/content-type.js';
import { decodeDocument } from '../store/decode-document.js';

/** A committed file's text decoded as the index would read it; an error message when it cannot be. */
export function decodeVersion(type: ContentType, path: string, text: string | undefined): { data: Record<string, unknown> | undefined; error?: string } {
  if (text === undefined) return { data: undefined };
  try {
    return { data: decodeDocument(text, path.endsWith('.md') ? 'md' : 'json', type, path) };
  } catch (error) {
    return { data: undefined, error: (error as Error).message };
  }
}
