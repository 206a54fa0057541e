import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { removeFileDurably, syncPath, writeFileAtomic } from './atomic-write.js';
import { flushFileSystems } from './flush-file-systems.js';
import { JOURNAL_DIR, resolveProjectPath } from './project-layout.js';
import { readProjectText, writeProjectText } from './project-files.js';
import { isProcessRunning } from './process-running.js';

/** One file operation of a write that spans files: put a text, remove a file, or move a file (any bytes). */
export type JournalStep =
  | { readonly kind: 'write'; readonly path: string; readonly text: string }
  | { readonly kind: 'remove'; readonly path: string }
  | { readonly kind: 'move'; readonly from: string; readonly path: string };

interface Journal {
  readonly steps: readonly JournalStep[];
  /** What each write or remove step's file held before (null: nothing), by step index. */
  readonly before: readonly (string | null)[];
}

/** Test hook: milliseconds to pause after each step, so a test can kill the process half-way. */
const PAUSE_ENV = 'CMS_JOURNAL_PAUSE_MS';

/**
 * Applies file operations all or nothing. The steps are first written to a journal under
 * `.cms/journal/` (atomically, fsynced): a process killed half-way leaves the journal, and
 * `replayJournals` (run before any project is read) finishes its steps, so the files show the
 * new state. A step that throws rolls the earlier ones back, and nothing has changed.
 */
export function applyJournaled(projectDir: string, steps: readonly JournalStep[]): void {
  if (steps.length === 0) return;
  for (const step of steps) {
    resolveProjectPath(projectDir, step.path);
    if (step.kind === 'move') resolveProjectPath(projectDir, step.from);
  }
  const before = steps.map((step) => (step.kind === 'move' ? null : (readProjectText(projectDir, step.path) ?? null)));
  const name = `${process.pid}-${Date.now()}-${crypto.randomBytes(4).toString('hex')}.json`;
  writeProjectText(projectDir, `${JOURNAL_DIR}/${name}`, JSON.stringify({ steps, before } satisfies Journal));
  const file = path.join(projectDir, JOURNAL_DIR, name);
  const pause = Number(process.env[PAUSE_ENV] ?? 0);
  let done = 0;
  try {
    for (const step of steps) {
      applyStep(projectDir, step, false);
      done++;
      if (pause > 0) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, pause);
    }
  } catch (error) {
    rollBack(projectDir, { steps: steps.slice(0, done + 1), before });
    removeFileDurably(file);
    throw error;
  }
  // The files are flushed once all are written (one flush of the file system), rather than twice
  // per file on the way: the journal covers a crash until then.
  syncSteps(projectDir, steps);
  removeFileDurably(file);
}

/** How many files and folders a change set must touch before one flush of the file system beats fsyncing each. */
const FLUSH_ALL_ABOVE = 32;

/**
 * Makes every file the steps wrote or moved, and every folder they touched, durable: past
 * FLUSH_ALL_ABOVE, one flush of the file system (`flushFileSystems`) where there is one; else one
 * fsync per file and folder.
 */
function syncSteps(projectDir: string, steps: readonly JournalStep[]): void {
  const folders = new Set<string>();
  const files: string[] = [];
  for (const step of steps) {
    const target = resolveProjectPath(projectDir, step.path);
    folders.add(path.dirname(target));
    if (step.kind === 'move') folders.add(path.dirname(resolveProjectPath(projectDir, step.from)));
    if (step.kind !== 'remove') files.push(target);
  }
  // A few files are cheaper to fsync one by one than a `sync` process (and a flush of the whole file system).
  if (files.length + folders.size > FLUSH_ALL_ABOVE && flushFileSystems([...folders])) return;
  // A file a later step removed again is skipped.
  for (const file of files) syncPath(file);
  for (const folder of folders) syncPath(folder);
}

/**
 * Finishes the journaled writes of processes that were killed half-way (their journals are still
 * there and their pid no longer runs): every step is applied again, which is harmless for those
 * done already. Returns the paths the replay wrote, removed or moved.
 */
export function replayJournals(projectDir: string): string[] {
  const folder = path.join(projectDir, JOURNAL_DIR);
  let names: string[];
  try {
    names = fs.readdirSync(folder).filter((name) => name.endsWith('.json'));
  } catch {
    return [];
  }
  const touched: string[] = [];
  for (const name of names.sort()) {
    const pid = Number(name.split('-')[0]);
    if (isProcessRunning(pid)) continue;
    const file = path.join(folder, name);
    let journal: Journal;
    try {
      journal = JSON.parse(fs.readFileSync(file, 'utf8')) as Journal;
    } catch {
      // Journals are written atomically: one that does not parse is not ours; leave it for a person.
      continue;
    }
    for (const step of journal.steps) {
      applyStep(projectDir, step);
      touched.push(step.path);
      if (step.kind === 'move') touched.push(step.from);
    }
    removeFileDurably(file);
  }
  if (touched.length > 0) syncPath(folder);
  return touched;
}

/** One step, done so that doing it twice changes nothing more; `durable: false` leaves the flushing to the caller. */
function applyStep(projectDir: string, step: JournalStep, durable = true): void {
  const target = resolveProjectPath(projectDir, step.path);
  switch (step.kind) {
    case 'write':
      writeFileAtomic(target, step.text, { durable });
      return;
    case 'remove':
      if (durable) removeFileDurably(target);
      else fs.rmSync(target, { force: true });
      return;
    case 'move': {
      const source = resolveProjectPath(projectDir, step.from);
      if (!fs.existsSync(source)) return;
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.renameSync(source, target);
      if (!durable) return;
      syncPath(path.dirname(target));
      syncPath(path.dirname(source));
      return;
    }
  }
}

/** Undoes the steps given, last first: files get back what they held, moved files go back. */
function rollBack(projectDir: string, journal: Journal): void {
  for (let i = journal.steps.length - 1; i >= 0; i--) {
    const step = journal.steps[i]!;
    try {
      if (step.kind === 'move') {
        applyStep(projectDir, { kind: 'move', from: step.path, path: step.from });
        continue;
      }
      const held = journal.before[i] ?? null;
      applyStep(projectDir, held === null ? { kind: 'remove', path: step.path } : { kind: 'write', path: step.path, text: held });
    } catch {
      // The step that failed may not have happened at all; the others are undone whatever it did.
    }
  }
}
