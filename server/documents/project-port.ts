import type { CmsConfig } from '../config/cms-config.js';
import type { ContentIndex } from '../content-index/content-index.js';
import type { FileError } from '../errors/file-error.js';
import type { ContentType } from '../schema/content-type.js';
import type { SchemaRegistry } from '../schema/schema-registry.js';
import type { UploadWrite } from '../store/write-upload.js';

/** The project as one request sees it: schemas, the index, and the files that could not be read. */
export interface ProjectSnapshot {
  readonly registry: SchemaRegistry;
  readonly index: ContentIndex;
  /** Files that could not be read, by project-relative path; a file's last good version stays in the index. */
  readonly problems: ReadonlyMap<string, FileError>;
}

/** One content file a write produces: its new attributes and timestamps, or null to remove it. */
export interface DocumentChange {
  readonly path: string;
  readonly type: ContentType;
  readonly data: Readonly<Record<string, unknown>> | null;
  /** A rename: the file `path` replaces (removed by the same write; a Markdown file keeps its layout). */
  readonly from?: string;
}

/** A media file (its sidecar and format files are named on their own) moved to another path under uploads/. */
export interface UploadMove {
  readonly from: string;
  readonly to: string;
  /** The sidecar the file has at its new path (its old sidecar is removed). */
  readonly sidecar?: Readonly<Record<string, unknown>>;
}

/** One user file (`users/<documentId>.json`): its new fields, or null to remove it. */
export interface UserChange {
  readonly documentId: string;
  readonly data: Readonly<Record<string, unknown>> | null;
}

/**
 * The files of one write, applied in this order: content files, then upload writes (format files,
 * the file, its sidecar), then upload removals, then users. All of them or, where a file cannot be
 * written, none of the uploads (content files are written one by one, each atomically).
 */
export interface ChangeSet {
  readonly documents?: readonly DocumentChange[];
  readonly uploads?: readonly UploadWrite[];
  /** Media paths (relative to uploads/) to remove, sidecars included by name. */
  readonly removedUploads?: readonly string[];
  readonly users?: readonly UserChange[];
  /** Media files moved within uploads/ (only with `atomic`). */
  readonly movedUploads?: readonly UploadMove[];
  /**
   * All or nothing across files, even when the process is killed half-way: the content files and
   * moved uploads go through a journal in `.cms/` (no uploads, removals or users then).
   */
  readonly atomic?: boolean;
}

/**
 * What documents/ needs of the running project: the snapshot to read, and the one commit path that
 * writes files through store/ and shows them in the index before it returns (read-your-writes).
 */
export interface ProjectPort {
  readonly config: CmsConfig;
  readonly current: ProjectSnapshot;
  /** The project code's lifecycle hooks around every content write, if it has any. */
  readonly hooks?: WriteHooks | undefined;
  commit(changes: ChangeSet): void;
}

/** A content write as lifecycle hooks see it (Strapi's `event`): `params.data` may be changed by a before-hook. */
export interface WriteEvent {
  readonly action: 'create' | 'update' | 'delete';
  readonly type: ContentType;
  readonly params: { data?: Record<string, unknown>; where?: { documentId: string }; locale?: string; status?: string };
  result?: unknown;
  readonly state: Record<string, unknown>;
}

/** Lifecycle hooks: a throwing `before` rejects the write before anything is written. */
export interface WriteHooks {
  before(event: WriteEvent): Promise<void>;
  after(event: WriteEvent): Promise<void>;
}
