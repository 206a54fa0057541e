import mime from 'mime-types';

/** Bytes of a file's start that `sniffMimeType` looks at. */
export const SNIFF_BYTES = 4100;

/** Magic numbers of common media files: [mime, offset, bytes]. The first match wins. */
const SIGNATURES: readonly (readonly [string, number, readonly number[]])[] = [
  ['image/png', 0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  ['image/jpeg', 0, [0xff, 0xd8, 0xff]],
  ['image/gif', 0, [0x47, 0x49, 0x46, 0x38]],
  ['image/webp', 8, [0x57, 0x45, 0x42, 0x50]],
  ['image/tiff', 0, [0x49, 0x49, 0x2a, 0x00]],
  ['image/tiff', 0, [0x4d, 0x4d, 0x00, 0x2a]],
  ['image/bmp', 0, [0x42, 0x4d]],
  ['image/vnd.microsoft.icon', 0, [0x00, 0x00, 0x01, 0x00]],
  ['application/pdf', 0, [0x25, 0x50, 0x44, 0x46, 0x2d]],
  ['audio/wav', 8, [0x57, 0x41, 0x56, 0x45]],
  ['video/x-msvideo', 8, [0x41, 0x56, 0x49, 0x20]],
  ['audio/mpeg', 0, [0x49, 0x44, 0x33]],
  ['audio/ogg', 0, [0x4f, 0x67, 0x67, 0x53]],
  ['audio/flac', 0, [0x66, 0x4c, 0x61, 0x43]],
  ['video/webm', 0, [0x1a, 0x45, 0xdf, 0xa3]],
  ['application/gzip', 0, [0x1f, 0x8b]],
  ['application/zip', 0, [0x50, 0x4b, 0x03, 0x04]],
];

/** ISO media brands (`ftyp` box) and what they are. */
const FTYP_BRANDS: Readonly<Record<string, string>> = {
  avif: 'image/avif', avis: 'image/avif', heic: 'image/heic', heix: 'image/heic', mif1: 'image/heif',
  qt: 'video/quicktime', M4A: 'audio/mp4', M4V: 'video/x-m4v', '3gp4': 'video/3gpp', '3gp5': 'video/3gpp',
};

/**
 * The type a file's first bytes show, for the formats whose signature is unambiguous; undefined
 * otherwise (text formats, unknown binaries). RIFF containers are told apart by their fourcc, ISO
 * media by their brand, SVG by its root element.
 */
export function sniffMimeType(head: Uint8Array): string | undefined {
  for (const [type, offset, bytes] of SIGNATURES) {
    if (offset > 0 && !startsWith(head, 0, [0x52, 0x49, 0x46, 0x46])) continue;
    if (startsWith(head, offset, bytes)) return type;
  }
  if (startsWith(head, 4, [0x66, 0x74, 0x79, 0x70])) {
    const brand = Buffer.from(head.subarray(8, 12)).toString('latin1').trim();
    return FTYP_BRANDS[brand] ?? 'video/mp4';
  }
  const text = Buffer.from(head.subarray(0, 1024)).toString('utf8').replace(/^\uFEFF/, '').trimStart();
  if (/^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>]*>\s*)?<svg[\s>]/i.test(text)) return 'image/svg+xml';
  return undefined;
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

function startsWith(head: Uint8Array, offset: number, bytes: readonly number[]): boolean {
  if (head.length < offset + bytes.length) return false;
  for (let i = 0; i < bytes.length; i++) if (head[offset + i] !== bytes[i]) return false;
  return true;
}
