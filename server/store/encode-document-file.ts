import type { ContentType } from '../schema/content-type.js';
import { encodeJsonDocument, encodeMarkdownDocument } from './encode-document.js';
import { readProjectText } from './project-files.js';

/**
 * The text a content file gets for `data`. A Markdown file keeps its front matter's layout: it is
 * written over its previous text, and a new Markdown draft starts from its published file, so the
 * two differ only where they do.
 */
export function encodeDocumentFile(projectDir: string, relPath: string, type: ContentType, data: Readonly<Record<string, unknown>>): string {
  if (!relPath.endsWith('.md')) return encodeJsonDocument(type, data);
  const previous = readProjectText(projectDir, relPath) ?? readProjectText(projectDir, relPath.replace(/\.draft\.md$/, '.md'));
  return encodeMarkdownDocument(type, data, previous);
}
