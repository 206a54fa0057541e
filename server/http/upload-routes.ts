import Router from '@koa/router';
import type { File as FormidableFile } from 'formidable';
import type { Context } from 'koa';
import { isAllowed } from '../auth/caller.js';
import type { CmsConfig } from '../config/cms-config.js';
import { isPlainObject } from '../config/is-plain-object.js';
import type { MediaRecord } from '../content-index/media-record.js';
import { listMediaFiles, pageMediaFiles } from '../documents/media-list.js';
import { type UploadAndLinkContext, uploadAndLink } from '../documents/upload-and-link.js';
import { type UploadContext, deleteFile, findFileById, replaceFile, updateFileInfo } from '../documents/upload-files.js';
import type { ProjectPort } from '../documents/project-port.js';
import type { ReceivedFile } from '../documents/upload-prepare.js';
import type { WriteContext } from '../documents/write-documents.js';
import { serializeMedia } from '../engine/serialize-entry.js';
import { badRequestError, notFoundError, payloadTooLargeError, validationError } from '../errors/api-error.js';
import { parseMediaListQuery, parseMediaPageQuery } from '../query/parse-media-query.js';
import { parseQueryString } from '../query/parse-query-string.js';
import { withWorkFolder } from '../store/work-folder.js';
import { authorize, callerOf } from './authorize.js';
import { type BodyOptions, parseBody } from './lazy-body.js';

export interface UploadRouteDependencies {
  readonly config: CmsConfig;
  readonly project: ProjectPort;
}

/** Room for multipart boundaries and part headers beyond the files and fields themselves. */
const MULTIPART_OVERHEAD = 64 * 1024;
/** formidable's codes for a file, or all files, over the size limit. */
const FILE_TOO_BIG_CODES = [1009, 1016];

/**
 * The upload plugin's Content API: `POST /api/upload` (upload, replace, update the info) and the
 * media library (`GET|DELETE /api/upload/files/:id`, `GET /api/upload/files`). Files are answered
 * bare, without an envelope, with `isUrlSigned: false` as Strapi's local provider adds; only the
 * paginated library (`GET /api/upload/files/page`) answers `{data, meta: {pagination}}`.
 */
export function createUploadRouter(deps: UploadRouteDependencies): Router {
  const { config } = deps;
  const snapshot = () => deps.project.current;
  const router = new Router({ prefix: `${config.rest.prefix}/upload` });
  const context: UploadContext = { project: deps.project, settings: config.upload, now: () => new Date().toISOString() };
  const writes: WriteContext = { project: deps.project, defaultLocale: config.i18n.defaultLocale, now: context.now };
  const linking: UploadAndLinkContext = { uploads: context, writes, config };
  const present = (record: MediaRecord, fields: readonly string[] | undefined): Record<string, unknown> => ({
    ...serializeMedia(snapshot().registry.uploadFile, record, fields),
    isUrlSigned: false,
  });

  router.post('/', authorize(config, 'plugin::upload.content-api.upload'), async (ctx) => {
    const id = parseQueryString(ctx.querystring, config.limits)['id'];
    await withWorkFolder(async (workDir) => {
      await readUploadBody(ctx, config, workDir);
      const files = receivedFiles(ctx.request.files?.['files']);
      const fileInfo = isPlainObject(ctx.request.body) ? ctx.request.body['fileInfo'] : undefined;
      // Strapi's test: no file part, or one empty file.
      if (files.length === 0 || (files.length === 1 && files[0]!.bytes === 0)) {
        if (!id) throw validationError('Files are empty');
        ctx.body = present(updateFileInfo(context, singleId(id), fileInfo), undefined);
      } else if (id) {
        if (files.length > 1) throw validationError('Cannot replace a file with multiple ones');
        ctx.body = present(await replaceFile(context, singleId(id), { file: files[0]!, fileInfo, workDir }), undefined);
      } else {
        const fields = isPlainObject(ctx.request.body) ? ctx.request.body : undefined;
        const caller = callerOf(ctx)!;
        const records = await uploadAndLink(linking, { files, fileInfo, fields, workDir, canUpdate: (uid) => isAllowed(caller, `${uid}.update`) });
        ctx.status = 201;
        ctx.body = records.map((record) => present(record, undefined));
      }
    });
  });

  router.get('/files', authorize(config, 'plugin::upload.content-api.find'), (ctx) => {
    const { index } = snapshot();
    const query = parseMediaListQuery(parseQueryString(ctx.querystring, config.limits), index.registry);
    ctx.body = listMediaFiles(index, query).map((record) => present(record, query.fields));
  });

  // Before /files/:id, which would take "page" for an id.
  router.get('/files/page', authorize(config, 'plugin::upload.content-api.find'), (ctx) => {
    const { index } = snapshot();
    const query = parseMediaPageQuery(parseQueryString(ctx.querystring, config.limits), index.registry, config.rest);
    const { records, pagination } = pageMediaFiles(index, query);
    ctx.body = { data: records.map((record) => present(record, query.fields)), meta: { pagination } };
  });

  router.get('/files/:id', authorize(config, 'plugin::upload.content-api.findOne'), (ctx) => {
    const record = findFileById(snapshot().index, String(ctx.params['id']));
    if (record === undefined) throw notFoundError('file.notFound');
    ctx.body = present(record, undefined);
  });

  router.delete('/files/:id', authorize(config, 'plugin::upload.content-api.destroy'), (ctx) => {
    const record = deleteFile(context, String(ctx.params['id']));
    if (record === undefined) throw notFoundError('file.notFound');
    ctx.body = present(record, undefined);
  });

  return router;
}

/** `?id=` must be one value (`?id=1&id=2` is not), as in Strapi. */
function singleId(id: unknown): string {
  if (typeof id !== 'string' && typeof id !== 'number') throw validationError('File id is required and must be a single value');
  return String(id);
}

/**
 * Multipart (files into `workDir`, which the caller removes whatever happens) or JSON, within the
 * configured limits. A file over the size limit is Strapi's 413 `FileTooBig`.
 */
async function readUploadBody(ctx: Context, config: CmsConfig, workDir: string): Promise<void> {
  // A body that announces more than the files and fields may hold is refused before it is read.
  if (ctx.request.length !== undefined && ctx.request.length > config.upload.sizeLimit + config.limits.bodyBytes + MULTIPART_OVERHEAD) {
    throw payloadTooLargeError('FileTooBig');
  }
  // formidable lists files as they finish writing, not in request order; fileInfo[i] goes with
  // the i-th file part, so the order they began in is restored below.
  const began = new Map<object, number>();
  const options: BodyOptions = {
    multipart: true,
    json: true,
    urlencoded: false,
    text: false,
    jsonLimit: config.limits.bodyBytes,
    patchKoa: true,
    formidable: {
      uploadDir: workDir,
      maxFileSize: config.upload.sizeLimit,
      maxTotalFileSize: config.upload.sizeLimit,
      maxFieldsSize: config.limits.bodyBytes,
      allowEmptyFiles: true,
      minFileSize: 0,
      onFileBegin: (_name, file) => {
        began.set(file, began.size);
      },
    },
  };
  try {
    await parseBody(ctx, options);
  } catch (error) {
    const formidable = error as { code?: unknown; httpCode?: unknown; message: string };
    if (typeof formidable.httpCode !== 'number') throw error;
    if (formidable.httpCode === 413) {
      throw payloadTooLargeError(FILE_TOO_BIG_CODES.includes(Number(formidable.code)) ? 'FileTooBig' : 'Entity too large');
    }
    throw badRequestError(`Invalid multipart body: ${formidable.message}`);
  }
  const files = ctx.request.files;
  for (const list of Object.values(files ?? {})) {
    if (Array.isArray(list)) list.sort((a, b) => (began.get(a) ?? 0) - (began.get(b) ?? 0));
  }
}

function receivedFiles(value: FormidableFile | FormidableFile[] | undefined): ReceivedFile[] {
  const list = value === undefined ? [] : Array.isArray(value) ? value : [value];
  return list.map((file) => ({
    tempPath: file.filepath,
    filename: file.originalFilename ?? '',
    declaredType: file.mimetype ?? undefined,
    bytes: file.size,
  }));
}
