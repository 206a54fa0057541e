import type { ContentIndex } from '../content-index/content-index.js';
import { validateEntity } from '../documents/validate-entity.js';
import { FileError, positionAt } from '../errors/file-error.js';
import { checkStoredDocument } from '../store/check-document.js';
import type { ContentFile } from '../store/content-path.js';
import { decodeDocument } from '../store/decode-document.js';
import type { CheckProblem, CheckRule } from './check-problem.js';
import { type ReferenceContext, checkReferences } from './check-references.js';
import { classifyShapeProblem } from './classify-shape-problem.js';
import { findMergeConflict } from './find-merge-conflict.js';
import { findPlainPasswords } from './find-plain-passwords.js';
import { locateKey } from './locate-key.js';
import { problemFromFileError } from './problem-from-file-error.js';

export interface DocumentCheckContext extends ReferenceContext {
  /**
   * An index with no documents, for validateEntity: uniqueness is checked across the whole project
   * in one pass (unique-values.ts), where validateEntity's per-document scan would be quadratic.
   */
  readonly emptyIndex: ContentIndex;
}

export interface DocumentCheck {
  /** The decoded attributes, or undefined when the file cannot be decoded. */
  readonly data: Record<string, unknown> | undefined;
  /** The version counts as published (Draft & Publish and publishedAt set, or no Draft & Publish). */
  readonly published: boolean;
  readonly problems: CheckProblem[];
}

/**
 * Everything one content file can be checked for on its own: conflict markers, syntax, the shape
 * of every value, Strapi's write rules (publish rules for published versions, draft rules for
 * drafts) and the relations and media it points at.
 */
export function checkDocumentText(context: DocumentCheckContext, file: ContentFile, text: string): DocumentCheck {
  const problems: CheckProblem[] = [];
  const at = (path: readonly string[], rule: CheckRule, message: string): void => {
    const position = locateKey(text, file.format, path);
    problems.push({ file: file.path, line: position?.line, column: position?.column, rule, message });
  };
  const conflict = findMergeConflict(text);
  if (conflict !== undefined) {
    problems.push({ file: file.path, ...conflict, rule: 'merge-conflict', message: 'unresolved git merge conflict' });
    return { data: undefined, published: false, problems };
  }
  let data: Record<string, unknown>;
  try {
    data = decodeDocument(text, file.format, file.type, file.path);
  } catch (error) {
    if (!(error instanceof FileError)) throw error;
    problems.push(problemFromFileError(error, 'syntax'));
    return { data: undefined, published: false, problems };
  }

  const { type } = file;
  const misshapen: string[] = [];
  for (const problem of checkStoredDocument(context.registry, type, data)) {
    const path = problem.path.split('.');
    misshapen.push(problem.path);
    at(path, classifyShapeProblem(context.registry, type, data, path), `${problem.path}: ${problem.message}`);
  }

  const draft = type.draftAndPublish && (file.draft || typeof data['publishedAt'] !== 'string');
  if (file.draft && data['publishedAt'] !== undefined && data['publishedAt'] !== null) {
    at(['publishedAt'], 'draft', 'publishedAt: a .draft file holds unpublished changes, so its publishedAt must be null');
  }
  const locale = type.localized ? (file.locale ?? context.defaultLocale) : null;
  const errors = validateEntity(type, data, new Set(Object.keys(data)), {
    registry: context.registry,
    index: context.emptyIndex,
    mode: 'create',
    publish: !draft,
    draft,
    locale,
    documentId: file.documentId,
    stored: true,
  });
  for (const error of errors) {
    const key = error.path.join('.');
    // A value of the wrong kind is reported once, by the shape check.
    if (misshapen.some((path) => key === path || key.startsWith(`${path}.`))) continue;
    at(error.path, 'validation', error.message);
  }
  for (const password of findPlainPasswords(context.registry, file, text, data)) {
    const key = password.path.join('.');
    if (misshapen.some((path) => key === path || key.startsWith(`${path}.`))) continue;
    const message = `${key}: a password in plain text: run cms hash-passwords to store its bcrypt hash`;
    if (password.span === undefined) at(password.path, 'plain-password', message);
    else problems.push({ file: file.path, ...positionAt(text, password.span.start), rule: 'plain-password', message });
  }
  for (const problem of checkReferences(context, type, data, locale)) {
    at(problem.path, problem.rule, `${problem.path.join('.')}: ${problem.message}`);
  }
  return { data, published: !draft, problems };
}
