import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { sniffMimeType } from '../../server/store/upload-mime.js';

function riff(fourcc: string): Buffer {
  const bytes = Buffer.alloc(64);
  bytes.write('RIFF', 0, 'latin1');
  bytes.writeUInt32LE(56, 4);
  bytes.write(fourcc, 8, 'latin1');
  return bytes;
}

function ftyp(brand: string): Buffer {
  return Buffer.concat([Buffer.from('00000018', 'hex'), Buffer.from(`ftyp${brand.padEnd(4, ' ')}`, 'latin1'), Buffer.alloc(40)]);
}

// The names recorded before file-type did the sniffing stay the names recorded now.
const CASES = [
  { name: 'svg with an xml prolog', head: Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"></svg>'), mime: 'image/svg+xml' },
  { name: 'svg without a prolog', head: Buffer.from('\uFEFF <svg xmlns="http://www.w3.org/2000/svg"></svg>'), mime: 'image/svg+xml' },
  { name: 'other xml is left to the extension', head: Buffer.from('<?xml version="1.0"?><rss></rss>'), mime: undefined },
  { name: 'text is left to the extension', head: Buffer.from('hello'), mime: undefined },
  { name: 'icon', head: Buffer.concat([Buffer.from([0, 0, 1, 0, 1, 0, 16, 16]), Buffer.alloc(56)]), mime: 'image/vnd.microsoft.icon' },
  { name: 'avi', head: riff('AVI LIST'), mime: 'video/x-msvideo' },
  { name: 'wav', head: riff('WAVEfmt '), mime: 'audio/wav' },
  { name: 'webp', head: riff('WEBPVP8 '), mime: 'image/webp' },
  { name: 'ogg', head: Buffer.from(`OggS${'\0'.repeat(60)}`, 'latin1'), mime: 'audio/ogg' },
  { name: 'm4a', head: ftyp('M4A'), mime: 'audio/mp4' },
  { name: 'mp4', head: ftyp('isom'), mime: 'video/mp4' },
  { name: 'pdf', head: Buffer.from('%PDF-1.7\n%%EOF\n'), mime: 'application/pdf' },
] as const;

for (const c of CASES) {
  test(`sniffed type: ${c.name}`, async () => {
    assert.is(await sniffMimeType(c.head), c.mime);
  });
}

test.run();
