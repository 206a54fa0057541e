import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { allocateWithFoldRoom, foldRoomOf } from '../../server/content-index/fold-room.js';
import { foldedSlab } from '../../server/content-index/folded-slabs.js';
import { storeLongValues, withLoadChunks } from '../../server/content-index/text-arena.js';

/** What folding must give: A-Z in lower case, every other byte (UTF-8 of other letters too) as it is. */
function folded(bytes: Buffer): Buffer {
  return Buffer.from(bytes.map((byte) => (byte >= 65 && byte <= 90 ? byte | 32 : byte)));
}

const TEXT = 'Hello WORLD, Ärger über ÉTÉ — ZEBRA-Crossing [AZ@[`az{] '.repeat(7);

test('a part of a buffer with fold room, at any offset, is folded into the room beside it, exactly', () => {
  const whole = allocateWithFoldRoom(4_096);
  whole.fill(0x41);
  for (const offset of [0, 1, 2, 3, 5, 7, 1_001]) {
    const length = Buffer.byteLength(TEXT);
    const part = whole.subarray(offset, offset + length);
    part.write(TEXT);
    const copy = foldedSlab(part);
    assert.is(copy.bytes.buffer, part.buffer, 'the copy is not in the room');
    assert.instance(copy.bytes.buffer, SharedArrayBuffer, 'the scan thread cannot read the copy');
    assert.is(copy.bytes.byteOffset, part.byteOffset + 4_096);
    assert.equal(copy.bytes, folded(Buffer.from(TEXT)));
    assert.is(part.toString(), TEXT, 'the original bytes changed');
  }
});

test('a buffer made otherwise has no fold room, and is folded into a copy of its own', () => {
  const plain = Buffer.from(TEXT);
  assert.is(foldRoomOf(plain), undefined);
  const copy = foldedSlab(plain);
  assert.is.not(copy.bytes.buffer, plain.buffer);
  assert.equal(copy.bytes.subarray(0, plain.length), folded(plain));
});

test("a load's new slabs come with fold room, so their copies need no buffer of their own", () => {
  // Longer than a slab: the load cuts a slab of its own for it from its chunk.
  const ref = withLoadChunks(() => storeLongValues([TEXT.repeat(300), 'MIXED Case'], [0, 0]));
  const room = foldRoomOf(ref.slab);
  assert.ok(room, 'a loaded slab has no fold room');
  assert.is(foldedSlab(ref.slab).bytes.byteOffset, room.byteOffset);
});

test.run();
