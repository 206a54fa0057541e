import { readProjectText, writeProjectText } from '../store/project-files.js';

/**
 * What a cms project keeps out of git: the caches and the mail outbox (`.cms/`), users (emails and
 * password hashes, where people sign up on a live server) and the folders `cms export` writes
 * (`dist-api`, and `dist-api-<locale>-<status>` for the other versions).
 */
export const PROJECT_IGNORES = ['.cms/', 'users/', 'dist-api*/', 'node_modules/'] as const;

/**
 * Adds the lines of PROJECT_IGNORES missing from the project's `.gitignore` (creating it), keeping
 * what is there. Returns whether the file was written.
 */
export function addProjectIgnores(projectDir: string): boolean {
  const text = readProjectText(projectDir, '.gitignore');
  const present = new Set((text ?? '').split(/\r?\n/).map((line) => line.trim()));
  const missing = PROJECT_IGNORES.filter((line) => !present.has(line) && !present.has(line.replace(/\/$/, '')));
  if (missing.length === 0) return false;
  const head = text === undefined || text === '' ? '' : `${text.replace(/\n*$/, '')}\n\n`;
  writeProjectText(projectDir, '.gitignore', `${head}# cms\n${missing.join('\n')}\n`);
  return true;
}
