import path from 'node:path';
import { checkProject } from '../server/check/check-project.js';
import { type CheckFormat, formatReport } from '../server/check/format-problems.js';
import { UserError } from '../server/errors/user-error.js';
import { isProjectFolder } from '../server/store/project-folder.js';

export interface CheckOptions {
  dir: string;
  format: CheckFormat;
}

/** `cms check`: prints every problem of the project. Resolves to 0 when clean, 1 with problems; a missing folder is a usage error (2). */
export async function runCheck(options: CheckOptions): Promise<number> {
  const root = path.resolve(options.dir);
  if (!isProjectFolder(root)) throw new UserError(`project folder not found: ${root}`, 2);
  const report = await checkProject(root);
  const cwd = process.cwd();
  // Paths print relative to the project, as its files name each other (the README's examples);
  // GitHub annotations need them relative to where the command runs (the checkout's root).
  const showPath = (file: string): string => {
    if (options.format !== 'github') return file;
    const absolute = path.join(root, file);
    const relative = path.relative(cwd, absolute);
    return (relative.startsWith('..') || path.isAbsolute(relative) ? absolute : relative).split(path.sep).join('/');
  };
  process.stdout.write(formatReport(report, options.format, showPath));
  return report.problems.length === 0 ? 0 : 1;
}
