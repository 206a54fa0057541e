/**
 * Buffers made with room for their folded copy (folded-slabs.ts) right after them: the copy of the
 * bytes at offset `o` lies at `o + size` of the same memory. The copies of what a load read then
 * need no allocation of their own: a single one of a gigabyte or more, made after a large load,
 * set V8 marking the whole heap at once (1.5 s at a million documents, just as the server began to
 * answer). The room is only address space until a copy is written into it.
 */
const rooms = new WeakMap<ArrayBufferLike, number>();

/**
 * A buffer of `size` bytes with room for its folded copy after it, in shared memory (the scan
 * thread reads the copies: slab-scan-thread.ts).
 */
export function allocateWithFoldRoom(size: number): Buffer {
  const both = Buffer.from(new SharedArrayBuffer(2 * size));
  rooms.set(both.buffer, size);
  return both.subarray(0, size);
}

/** The room for the folded copy of `bytes` (a part of a buffer made above), or undefined. */
export function foldRoomOf(bytes: Buffer): Buffer | undefined {
  const half = rooms.get(bytes.buffer);
  return half === undefined ? undefined : Buffer.from(bytes.buffer, bytes.byteOffset + half, bytes.length);
}

/**
 * The first half of shared memory another thread made with allocateWithFoldRoom (posted here), with
 * its second half known as the room for the folded copy.
 */
export function adoptWithFoldRoom(memory: SharedArrayBuffer): Buffer {
  const size = memory.byteLength / 2;
  rooms.set(memory, size);
  return Buffer.from(memory, 0, size);
}
