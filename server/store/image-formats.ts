import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Sharp } from 'sharp';
import { applicationError } from '../errors/api-error.js';

/** Strapi's thumbnail box: the image is fitted inside it. */
export const THUMBNAIL_SIZE = { width: 245, height: 156 } as const;

/** Strapi's responsive breakpoints, largest first (the order its `formats` object lists them). */
export const BREAKPOINTS: readonly (readonly [string, number])[] = [
  ['large', 1000],
  ['medium', 750],
  ['small', 500],
];

/** sharp formats Strapi treats as images (width and height recorded). */
const IMAGE_FORMATS = ['jpeg', 'png', 'webp', 'tiff', 'svg', 'gif'];
/** ... that get a thumbnail and responsive formats. */
const RESIZABLE_FORMATS = ['jpeg', 'png', 'webp', 'tiff', 'gif'];
/** ... that are re-encoded at quality 80. */
const OPTIMIZABLE_FORMATS = ['jpeg', 'png', 'webp', 'tiff'] as const;

/** A file the image pipeline wrote into the work folder. */
export interface ImageFile {
  readonly file: string;
  readonly width: number;
  readonly height: number;
  readonly bytes: number;
}

/** One derived format (`thumbnail`, `large` …) of an image. */
export interface ImageFormatFile extends ImageFile {
  readonly key: string;
}

export interface ProcessedImage {
  /** The file to store: the original, or its re-encoded version. */
  readonly main: ImageFile;
  readonly formats: readonly ImageFormatFile[];
}

export interface ImageOptions {
  readonly sizeOptimization: boolean;
  readonly responsiveDimensions: boolean;
}

/**
 * Strapi's image pipeline: for a file sharp reads as an image, re-encode it (size optimization),
 * measure it, and make the thumbnail and the responsive formats it is large enough for. Outputs go
 * into `workDir`, in the input's format. Undefined for files that are not such images; an image
 * whose header parses but that cannot be decoded is Strapi's ApplicationError "File is not a valid image".
 */
export async function processImage(source: string, workDir: string, options: ImageOptions): Promise<ProcessedImage | undefined> {
  let format: string | undefined;
  try {
    format = (await (await sharp(source)).metadata()).format;
  } catch {
    return undefined;
  }
  if (format === undefined || !IMAGE_FORMATS.includes(format)) return undefined;
  try {
    await (await sharp(source)).stats();
  } catch {
    throw applicationError('File is not a valid image');
  }
  const main = options.sizeOptimization && isOptimizable(format) ? await optimize(source, format, workDir) : await measure(source);
  const formats: ImageFormatFile[] = [];
  if (RESIZABLE_FORMATS.includes(format)) {
    if (main.width > THUMBNAIL_SIZE.width || main.height > THUMBNAIL_SIZE.height) {
      formats.push(await resize(main.file, workDir, { key: 'thumbnail', ...THUMBNAIL_SIZE }));
    }
    if (options.responsiveDimensions) {
      for (const [key, breakpoint] of BREAKPOINTS) {
        if (breakpoint < main.width || breakpoint < main.height) formats.push(await resize(main.file, workDir, { key, width: breakpoint, height: breakpoint }));
      }
    }
  }
  return { main, formats };
}

function isOptimizable(format: string): format is (typeof OPTIMIZABLE_FORMATS)[number] {
  return (OPTIMIZABLE_FORMATS as readonly string[]).includes(format);
}

/**
 * Strapi keeps the re-encoded file even when it is larger than the original (its size check reads
 * a size sharp only reports for buffers), so stored sizes match Strapi's only if we do the same.
 */
async function optimize(source: string, format: (typeof OPTIMIZABLE_FORMATS)[number], workDir: string): Promise<ImageFile> {
  const file = workFile(workDir, 'optimized');
  const info = await (await sharp(source))[format]({ quality: 80 }).toFile(file);
  return { file, width: info.width, height: info.height, bytes: info.size };
}

async function measure(source: string): Promise<ImageFile> {
  const metadata = await (await sharp(source)).metadata();
  return { file: source, width: metadata.width ?? 0, height: metadata.height ?? 0, bytes: fs.statSync(source).size };
}

/** A format: its key (`thumbnail`, `small` …) and the box the image is fitted inside. */
interface FormatBox {
  readonly key: string;
  readonly width: number;
  readonly height: number;
}

async function resize(source: string, workDir: string, box: FormatBox): Promise<ImageFormatFile> {
  const { key, width, height } = box;
  // No extension on the output: sharp then keeps the input's format, as Strapi's resize does.
  const file = workFile(workDir, key);
  const info = await (await sharp(source)).resize({ width, height, fit: 'inside' }).toFile(file);
  return { key, file, width: info.width, height: info.height, bytes: info.size };
}

function workFile(workDir: string, label: string): string {
  return path.join(workDir, `${label}-${crypto.randomBytes(6).toString('hex')}`);
}

/** sharp loads its native library on first use rather than when the server starts (~90 ms). */
async function sharp(input: string): Promise<Sharp> {
  const { default: load } = await import('sharp');
  return load(input);
}
