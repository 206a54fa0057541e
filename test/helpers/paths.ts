import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (tests run compiled from dist/test/…). */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
export const FIXTURES_DIR = path.join(REPO_ROOT, 'test', 'fixtures');
