import type { CmsConfig } from '../config/cms-config.js';
import type { MediaRecord } from '../content-index/media-record.js';
import { forbiddenError } from '../errors/api-error.js';
import { linkUploadedFiles, readUploadLink } from './link-upload.js';
import { type UploadContext, deleteFile, uploadFiles } from './upload-files.js';
import type { ReceivedFile } from './upload-prepare.js';
import type { WriteContext } from './write-documents.js';

/** Where new files and the document edit that links them go. */
export interface UploadAndLinkContext {
  readonly uploads: UploadContext;
  readonly writes: WriteContext;
  readonly config: CmsConfig;
}

/** One `POST /api/upload` with new files, as the route read it. */
export interface NewUpload {
  readonly files: readonly ReceivedFile[];
  readonly fileInfo: unknown;
  /** The other body fields: `ref`, `refId` and `field` name a media attribute to add the files to. */
  readonly fields: Readonly<Record<string, unknown>> | undefined;
  /** Where the received files wait; the caller removes it. */
  readonly workDir: string;
  /** Whether the caller may update documents of a type (`<uid>.update`): linking edits the document. */
  readonly canUpdate: (uid: string) => boolean;
}

/**
 * Stores new files and, when the body names a document's media attribute, adds them to it, all or
 * nothing: a bad link (400) or a type the caller may not update (403) is refused before any file
 * is stored, and files that cannot be linked afterwards (a type the field does not allow …) are
 * deleted again before the error goes up.
 */
export async function uploadAndLink(context: UploadAndLinkContext, upload: NewUpload): Promise<MediaRecord[]> {
  const { uploads } = context;
  const link = upload.fields === undefined ? undefined : readUploadLink(uploads.project.current.index, upload.fields, upload.files.length);
  if (link !== undefined && !upload.canUpdate(link.type.uid)) throw forbiddenError();
  const records = await uploadFiles(uploads, upload.files, upload.fileInfo, upload.workDir);
  if (link === undefined) return records;
  try {
    linkUploadedFiles(context.writes, context.config, link, records);
  } catch (error) {
    for (const record of records) deleteFile(uploads, String(record.id));
    throw error;
  }
  return records;
}
