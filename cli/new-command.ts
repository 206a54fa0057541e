import path from 'node:path';
import { NEW_DOCUMENT_CHECK } from '../server/check/check-new-document.js';
import { scaffoldDocument } from '../server/scaffold/scaffold-document.js';

export interface NewOptions {
  dir: string;
  type: string;
  id?: string | undefined;
  set: string[];
  locale?: string | undefined;
  draft: boolean;
}

/** `cms new`: writes a document file that passes `cms check` and prints its path. Why it cannot is a UserError or FileError. */
export function runNew(options: NewOptions): number {
  const root = path.resolve(options.dir);
  const rel = scaffoldDocument(
    root,
    { type: options.type, id: options.id, set: options.set, locale: options.locale, draft: options.draft },
    NEW_DOCUMENT_CHECK,
  );
  const relative = path.relative(process.cwd(), path.join(root, rel));
  process.stdout.write(`${(relative.startsWith('..') ? path.join(root, rel) : relative).split(path.sep).join('/')}\n`);
  return 0;
}
