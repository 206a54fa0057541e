import type { CmsConfig } from '../config/cms-config.js';
import type { SchemaRegistry } from '../schema/schema-registry.js';
import type { ContentFile } from '../store/content-path.js';

/** A document file about to be written, as the check sees it. */
export interface ScaffoldCandidate {
  readonly registry: SchemaRegistry;
  readonly i18n: CmsConfig['i18n'];
  readonly file: ContentFile;
  readonly text: string;
  readonly data: Record<string, unknown>;
}

/**
 * What scaffolding needs of `cms check`, passed in rather than imported: scaffold/ sits beside
 * check/, and `cms new` promises a file that passes the check's own rules, not a copy of them.
 */
export interface ScaffoldCheck {
  /** The project's content files, sorted by path. */
  readonly listFiles: (projectDir: string, registry: SchemaRegistry) => readonly ContentFile[];
  /** The messages of the rules the candidate breaks; empty when it passes. */
  readonly findProblems: (projectDir: string, candidate: ScaffoldCandidate) => readonly string[];
}
