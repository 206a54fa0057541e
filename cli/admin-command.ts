import readline from 'node:readline';
import { isAdminRole } from '../server/admin/admin-role.js';
import { AdminStore } from '../server/admin/admin-store.js';
import { checkAdminEmail, checkAdminPassword } from '../server/admin/check-admin-fields.js';
import { hashPassword } from '../server/documents/password-hash.js';
import { ApiError } from '../server/errors/api-error.js';
import { UserError } from '../server/errors/user-error.js';
import { loadConfig } from '../server/store/load-config.js';

export interface AdminCreateOptions {
  dir: string;
  email: string;
  role: string;
  firstname?: string | undefined;
  lastname?: string | undefined;
}

/**
 * `cms admin create`: asks for the password (twice, without echo, on a terminal; one line from
 * stdin otherwise, for scripts) and writes `admins/<id>.json` with its bcrypt hash.
 */
export async function runAdminCreate(options: AdminCreateOptions, input: NodeJS.ReadableStream = process.stdin): Promise<number> {
  const config = loadConfig(options.dir);
  if (!isAdminRole(options.role)) throw new UserError(`--role: expected super-admin, editor or author, got ${JSON.stringify(options.role)}`);
  const email = checkField(() => checkAdminEmail(options.email), '--email');
  const store = new AdminStore(config.dir, (message) => console.error(`warning: ${message}`));
  if (store.findByEmail(email)) throw new UserError(`an administrator with the e-mail ${email} exists already`);
  const terminal = (input as { isTTY?: boolean }).isTTY === true;
  const password = await askPassword(input, terminal, 'Password: ');
  checkField(() => checkAdminPassword(password), 'password');
  if (terminal && (await askPassword(input, true, 'Again: ')) !== password) throw new UserError('the two passwords differ');
  const admin = store.add(
    { email, password: await hashPassword(password), role: options.role, firstname: options.firstname, lastname: options.lastname },
    new Date().toISOString(),
  );
  console.error(`administrator ${admin.email} (${admin.role}) written to admins/${admin.id}.json; sign in at /admin`);
  return 0;
}

function checkField<T>(check: () => T, name: string): T {
  try {
    return check();
  } catch (error) {
    if (error instanceof ApiError) throw new UserError(`${name}: ${error.message}`);
    throw error;
  }
}

/** One line from the input; on a terminal the typed characters are not shown. */
function askPassword(input: NodeJS.ReadableStream, terminal: boolean, prompt: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const rl = readline.createInterface({ input, output: terminal ? process.stderr : undefined, terminal });
    if (terminal) {
      process.stderr.write(prompt);
      // Typed characters are echoed through _writeToOutput: show nothing instead.
      (rl as unknown as { _writeToOutput: (text: string) => void })._writeToOutput = () => undefined;
    }
    let answered = false;
    rl.once('line', (line) => {
      answered = true;
      if (terminal) process.stderr.write('\n');
      rl.close();
      resolve(line);
    });
    rl.once('close', () => {
      if (!answered) reject(new UserError('no password given'));
    });
  });
}
