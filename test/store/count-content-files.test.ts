import { test } from 'uvu';
import * as assert from 'uvu/assert';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CONTENT_COUNTS_FILE, countContentFiles } from '../../server/store/count-content-files.js';

const HOUR_AGO = new Date(Date.now() - 3_600_000);

/** A project with two collection folders (settled an hour ago), a single type's file and a hidden name. */
function makeProject(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cms-count-'));
  for (const [folder, count] of [
    ['articles', 30],
    ['authors', 5],
  ] as const) {
    fs.mkdirSync(path.join(dir, 'content', folder), { recursive: true });
    for (let i = 0; i < count; i++) fs.writeFileSync(path.join(dir, 'content', folder, `doc-${i}.json`), '{}');
    fs.writeFileSync(path.join(dir, 'content', folder, '.hidden'), '');
    fs.utimesSync(path.join(dir, 'content', folder), HOUR_AGO, HOUR_AGO);
  }
  fs.writeFileSync(path.join(dir, 'content', 'global.json'), '{}');
  return dir;
}

let dir: string;
test.before.each(() => {
  dir = makeProject();
});
test.after.each(() => fs.rmSync(dir, { recursive: true, force: true }));

function remembered(): Record<string, { names: number }> {
  return JSON.parse(fs.readFileSync(path.join(dir, CONTENT_COUNTS_FILE), 'utf8')) as Record<string, { names: number }>;
}

test('counts every name but hidden ones, and remembers settled folders', async () => {
  assert.is(await countContentFiles(dir), 36);
  assert.equal(Object.keys(remembered()).sort(), ['articles', 'authors']);
  assert.is(remembered()['articles']!.names, 30);
  // Counted again from what was remembered: the same.
  assert.is(await countContentFiles(dir), 36);
});

test('a folder whose names changed is listed again, whatever was remembered', async () => {
  assert.is(await countContentFiles(dir), 36);
  fs.writeFileSync(path.join(dir, 'content', 'articles', 'new.json'), '{}');
  fs.rmSync(path.join(dir, 'content', 'authors', 'doc-0.json'));
  assert.is(await countContentFiles(dir), 36);
  fs.writeFileSync(path.join(dir, 'content', 'articles', 'other.json'), '{}');
  assert.is(await countContentFiles(dir), 37);
});

test('a folder changed just now is counted but not remembered (its mtime could hide a change to come)', async () => {
  fs.writeFileSync(path.join(dir, 'content', 'articles', 'new.json'), '{}');
  assert.is(await countContentFiles(dir), 37);
  assert.equal(Object.keys(remembered()), ['authors']);
});

test('a remembered count is used only with the mtime it was taken at; a damaged file is ignored', async () => {
  await countContentFiles(dir);
  const file = path.join(dir, CONTENT_COUNTS_FILE);
  // The same folder at another mtime: the count is not the remembered one.
  fs.writeFileSync(file, JSON.stringify({ articles: { mtimeMs: 1, names: 999 } }));
  assert.is(await countContentFiles(dir), 36);
  for (const damaged of ['{', '[]', 'null', JSON.stringify({ articles: { mtimeMs: 'x', names: -1 } })]) {
    fs.writeFileSync(file, damaged);
    assert.is(await countContentFiles(dir), 36, damaged);
  }
});

test('a linked .cms/ is neither read nor written', async () => {
  const elsewhere = fs.mkdtempSync(path.join(os.tmpdir(), 'cms-count-elsewhere-'));
  try {
    fs.writeFileSync(path.join(elsewhere, 'content-counts.json'), JSON.stringify({ articles: { mtimeMs: HOUR_AGO.getTime(), names: 999 } }));
    fs.symlinkSync(elsewhere, path.join(dir, '.cms'));
    assert.is(await countContentFiles(dir), 36);
    assert.equal(JSON.parse(fs.readFileSync(path.join(elsewhere, 'content-counts.json'), 'utf8')), { articles: { mtimeMs: HOUR_AGO.getTime(), names: 999 } });
  } finally {
    fs.rmSync(elsewhere, { recursive: true, force: true });
  }
});

test.run();
