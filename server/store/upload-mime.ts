import mime from 'mime-types';

/** Bytes of a file's start that `sniffMimeType` looks at (file-type's own advice: 4100). */
export const SNIFF_BYTES = 4100;

/**
 * file-type's names that differ from the ones this CMS has always recorded, for the same formats.
 * Kept so that stored `mime` values and allowedTypes/deniedTypes patterns keep matching as before.
 */
const RECORDED_NAMES: Readonly<Record<string, string>> = {
  'image/x-icon': 'image/vnd.microsoft.icon',
  'video/vnd.avi': 'video/x-msvideo',
  'audio/x-m4a': 'audio/mp4',
  'application/ogg': 'audio/ogg',
};

/**
 * The type a file's first bytes show (file-type's detection), undefined for text formats and unknown
 * binaries, which the extension or the declared type then decide.
 */
export async function sniffMimeType(head: Uint8Array): Promise<string | undefined> {
  // Loaded at the first upload: file-type and its readers are ~40 modules a start does not need.
  const { fileTypeFromBuffer } = await import('file-type');
  const detected = (await fileTypeFromBuffer(head))?.mime;
  // file-type reads SVG as plain XML (`application/xml`, or nothing without a prolog): we still tell
  // SVG by its root element, and leave other XML to the extension (`.rss`, `.xml` …) as text formats.
  if (detected === undefined || detected === 'application/xml') return isSvg(head) ? 'image/svg+xml' : undefined;
  return RECORDED_NAMES[detected] ?? detected;
}

/** The type an extension stands for (`.png` → `image/png`), or undefined. */
export function mimeTypeOfExtension(ext: string): string | undefined {
  return (ext !== '' && mime.lookup(ext)) || undefined;
}

/** The usual extension of a type (`image/jpeg` → `.jpg`... as mime-db lists it), or ''. */
export function extensionOfMimeType(type: string): string {
  const ext = mime.extension(type);
  return ext ? `.${ext}` : '';
}

/** The Content-Type header for a type (a charset added to text types). */
export function contentTypeOf(type: string): string {
  return mime.contentType(type) || type;
}

function isSvg(head: Uint8Array): boolean {
  const text = Buffer.from(head.subarray(0, 1024))
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  return /^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>]*>\s*)?<svg[\s>]/i.test(text);
}
