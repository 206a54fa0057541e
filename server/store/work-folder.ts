import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A private temp folder for one request's received files and the versions made of them (image
 * formats), outside the project; removed whatever happens.
 */
export async function withWorkFolder<T>(work: (dir: string) => Promise<T>): Promise<T> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cms-upload-'));
  try {
    return await work(dir);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The first `bytes` bytes of a received file (fewer when it is shorter). */
export function readFileHead(file: string, bytes: number): Buffer {
  const fd = fs.openSync(file, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    const read = fs.readSync(fd, buffer, 0, bytes, 0);
    return buffer.subarray(0, read);
  } finally {
    fs.closeSync(fd);
  }
}

/** A received file's size in bytes. */
export function fileSize(file: string): number {
  return fs.statSync(file).size;
}
