/** What a check found wrong, by kind. Closed list: `--format json` prints it as `rule`. */
export const CHECK_RULES = [
  'config', // cms.config.json cannot be loaded
  'schema', // a schema file is broken or inconsistent
  'syntax', // a file is not valid JSON / front matter
  'merge-conflict', // leftover <<<<<<< / >>>>>>> markers
  'file-name', // a path under content/ that breaks the naming rules, or is not read at all
  'shape', // a value of the wrong kind for its attribute (string for a number …)
  'unknown-attribute', // a key the schema does not have
  'derived-relation', // a relation stored on its mappedBy (derived) side
  'validation', // Strapi's write rules: required, lengths, min/max, regex, enum, email, uid
  'unique', // the same unique value in two published documents of one locale
  'dangling-relation', // a documentId that names no document
  'missing-media', // a media path with no file under uploads/
  'sidecar', // an uploads/*.meta.json that cannot be read or has no media file
  'draft', // a draft file that does not fit Draft & Publish
  'locale', // a locale suffix that does not fit the config or the type
  'duplicate-file', // two files for the same document version (.json and .md)
  'duplicate-id', // two documents that derive the same numeric id
  'plain-password', // a password attribute holding plain text instead of its bcrypt hash
  'unsafe-file', // a link, hard-linked or special file in the project, never read (it could lead out of it)
  'unsupported-attribute', // a warning: an attribute of a kind cms does not know, left out (the rest is served)
] as const;
export type CheckRule = (typeof CHECK_RULES)[number];

export function isCheckRule(value: unknown): value is CheckRule {
  return (CHECK_RULES as readonly unknown[]).includes(value);
}

/** One problem, located as precisely as the check knows. */
export interface CheckProblem {
  /** Relative to the project folder, forward slashes. */
  readonly file: string;
  readonly line: number | undefined;
  readonly column: number | undefined;
  readonly rule: CheckRule;
  readonly message: string;
}

/** Problems in a stable order: by file, then position, then message. */
export function compareProblems(a: CheckProblem, b: CheckProblem): number {
  if (a.file !== b.file) return a.file < b.file ? -1 : 1;
  const line = (a.line ?? 0) - (b.line ?? 0);
  if (line !== 0) return line;
  const column = (a.column ?? 0) - (b.column ?? 0);
  if (column !== 0) return column;
  return a.message < b.message ? -1 : a.message > b.message ? 1 : 0;
}
