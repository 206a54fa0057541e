import path from 'node:path';
import { hashPlainPasswords } from '../server/check/hash-plain-passwords.js';
import { UserError } from '../server/errors/user-error.js';
import { isProjectFolder } from '../server/store/project-folder.js';

export interface HashPasswordsOptions {
  dir: string;
}

/**
 * `cms hash-passwords`: stores the bcrypt hash of every password attribute held in plain text,
 * printing each file changed and a count. Exit 0, or 1 when a value had to be left for editing by hand.
 */
export async function runHashPasswords(options: HashPasswordsOptions): Promise<number> {
  const root = path.resolve(options.dir);
  if (!isProjectFolder(root)) throw new UserError(`project folder not found: ${root}`, 2);
  const report = await hashPlainPasswords(root);
  const cwd = process.cwd();
  // Paths print relative to where the command runs, as `cms check` prints them.
  const show = (file: string): string => {
    const absolute = path.join(root, file);
    const relative = path.relative(cwd, absolute);
    return (relative.startsWith('..') || path.isAbsolute(relative) ? absolute : relative).split(path.sep).join('/');
  };
  let out = '';
  for (const { file, count } of report.changed) out += `${show(file)}: ${count} ${count === 1 ? 'password' : 'passwords'} hashed\n`;
  for (const { file, path: at } of report.left)
    out += `${show(file)}: ${at}: a password in plain text that could not be found in the text: replace it by hand\n`;
  const total = report.changed.reduce((sum, { count }) => sum + count, 0);
  out += `${total} ${total === 1 ? 'password' : 'passwords'} hashed in ${report.changed.length} ${report.changed.length === 1 ? 'file' : 'files'}\n`;
  process.stdout.write(out);
  return report.left.length === 0 ? 0 : 1;
}
