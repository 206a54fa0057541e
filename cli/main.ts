#!/usr/bin/env node
// Each command loads its own code when it runs, so `cms check` does not pay for the server's imports.
import { Command, InvalidArgumentError, Option } from 'commander';
import { CHECK_FORMATS, type CheckFormat } from '../server/check/format-problems.js';
import type { ContentPrefetch } from '../server/store/content-prefetch.js';
import type { ContentStats } from '../server/store/content-stats.js';
import type { ReadAhead } from '../server/store/read-ahead.js';
import { readCmsVersion } from './cms-version.js';
import { reportError } from './report-error.js';
import { preload, withHeapFor } from './with-heap-for.js';

function parsePort(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new InvalidArgumentError('expected an integer from 0 to 65535');
  return port;
}

/**
 * Runs a command that loads the project with a worker started before the command's modules load,
 * so its work overlaps the imports: one reading and decoding the content, or, for a start from the
 * index cache (whose files are stat'ed, not read), one listing content/ and stat'ing each file (at
 * 1,000,000 documents that took longer than the cache's reading when it began with the load). The
 * worker is stopped when the command ends.
 */
async function withReadAhead<T extends ReadAhead>(readAhead: T, run: (readAhead: T) => Promise<number>): Promise<number> {
  try {
    return await run(readAhead);
  } finally {
    readAhead.close();
  }
}

async function prefetchOf(dir: string): Promise<ContentPrefetch> {
  return (await import('../server/runtime/start-version-prefetch.js')).startVersionPrefetch(dir);
}

async function statsOf(dir: string): Promise<ContentStats> {
  return (await import('../server/store/content-stats.js')).ContentStats.start(dir);
}

/** Runs a command: the exit code is what it returns, or reportError's for what it throws (commands print no errors). */
async function run(command: () => number | Promise<number>, failure?: string): Promise<void> {
  try {
    process.exitCode = await command();
  } catch (error) {
    process.exitCode = reportError(error, failure);
  }
}

const program = new Command();
program.name('cms').description('A file-backed headless CMS with a Strapi v5 compatible REST API').version(readCmsVersion());

program
  .command('serve')
  .description('serve the project over a Strapi v5 compatible REST API, reloading on file changes')
  .option('-d, --dir <dir>', 'project folder', '.')
  .option('-p, --port <port>', 'port to listen on (default: 1337, or PORT)', parsePort)
  .option('-H, --host <host>', 'host to bind (default: localhost, or HOST)')
  .option('--no-watch', 'do not watch the files for changes')
  .option('--no-cache', 'read every content file (no index cache in .cms/)')
  .option('--no-admin', 'do not serve the editor at /admin')
  .action(async (options: { dir: string; port?: number; host?: string; watch: boolean; admin: boolean; cache: boolean }) => {
    // With an index cache, files are read only when changed: no worker reads them all ahead, one stats them.
    const cached = options.cache && (await import('../server/store/index-cache-file.js')).hasIndexCache(options.dir);
    const serve = preload(import('./serve-command.js'));
    const start = (readAhead: ReadAhead): Promise<number> => withHeapFor(options.dir, async () => (await serve).runServe({ ...options, readAhead }), readAhead);
    await run(async () => withReadAhead(await (cached ? statsOf : prefetchOf)(options.dir), start), 'cannot start');
    // Stopped: nothing (a watcher of a folder being deleted …) may keep the process alive.
    process.exit();
  });

program
  .command('export')
  .description('write the API as static JSON files for any static host')
  .option('-d, --dir <dir>', 'project folder', '.')
  .option('-o, --out <dir>', 'output folder (default: dist-api; dist-api-<locale>, dist-api-draft for another locale, the drafts)')
  .option('--base-path <path>', 'API prefix in the output (default: api.rest.prefix, /api)')
  .option('--status <status>', 'published or draft', 'published')
  .option('--locale <code>', 'locale to export (default: the default locale)')
  .option('--clean', 'remove files an earlier export wrote that are no longer produced', false)
  .option('--all', 'export every content type, not only those the public role may read', false)
  .option('--serve', 'then serve the folder as a static host would (a path plus .json is its file), until Ctrl-C', false)
  .option('-p, --port <port>', 'port for --serve', parsePort, 8080)
  .option('-H, --host <host>', 'host for --serve', 'localhost')
  .action(
    async (options: {
      dir: string;
      out?: string;
      basePath?: string;
      status: string;
      locale?: string;
      clean: boolean;
      all: boolean;
      serve: boolean;
      port: number;
      host: string;
    }) => {
      const { serve, port, host, ...rest } = options;
      await run(async () =>
        withReadAhead(await prefetchOf(options.dir), (prefetch) => {
          const command = preload(import('./export-command.js'));
          return withHeapFor(options.dir, async () => (await command).runExport({ ...rest, prefetch, serve: serve ? { port, host } : undefined }), prefetch);
        }),
      );
    },
  );

/** Usage errors (unknown or bad options) end `check`, `types`, `new` and `hash-passwords` with exit code 2, as linters do. */
const usageExit = (error: { exitCode: number }): never => process.exit(error.exitCode === 0 ? 0 : 2);

program
  .command('check')
  .description('check every schema and content file; exit code 1 when there are problems')
  .option('-d, --dir <dir>', 'project folder', '.')
  .addOption(new Option('-f, --format <format>', 'output format').choices(CHECK_FORMATS).default('text'))
  .exitOverride(usageExit)
  .action(async (options: { dir: string; format: CheckFormat }) => {
    await run(() => withHeapFor(options.dir, async () => (await import('./check-command.js')).runCheck(options)));
  });

program
  .command('types')
  .description('print TypeScript types of the API answers, or write JSON Schemas of the content files')
  .option('-d, --dir <dir>', 'project folder', '.')
  .option('-o, --out <path>', 'file for the TypeScript types (default: stdout); folder for --json-schema (default: <dir>/json-schema)')
  .option('--json-schema', 'write a JSON Schema per content type, for editors', false)
  .exitOverride(usageExit)
  .action(async (options: { dir: string; out?: string; jsonSchema: boolean }) => {
    await run(async () => (await import('./types-command.js')).runTypes(options));
  });

program
  .command('openapi')
  .description('print the OpenAPI 3.1 document of the Content API (GET /openapi.json serves the same)')
  .option('-d, --dir <dir>', 'project folder', '.')
  .option('-o, --out <file>', 'file for the document (default: stdout)')
  .exitOverride(usageExit)
  .action(async (options: { dir: string; out?: string }) => {
    await run(async () => (await import('./openapi-command.js')).runOpenApi(options));
  });

program
  .command('new')
  .description('write a new document file with its required attributes stubbed, and print its path')
  .argument('<type>', 'content type: singular or plural name')
  .option('-d, --dir <dir>', 'project folder', '.')
  .option('--id <documentId>', 'documentId (default: a new 24-character id)')
  .option('--set <key=value>', 'an attribute value (repeatable)', (value: string, list: string[]) => [...list, value], [] as string[])
  .option('--locale <code>', 'locale of the document (default: the default locale)')
  .option('--draft', 'a draft (publishedAt null) instead of a published document', false)
  .exitOverride(usageExit)
  .action(async (type: string, options: { dir: string; id?: string; set: string[]; locale?: string; draft: boolean }) => {
    await run(async () => (await import('./new-command.js')).runNew({ ...options, type }));
  });

program
  .command('hash-passwords')
  .description('replace every password attribute held in plain text in content files with its bcrypt hash, in place')
  .option('-d, --dir <dir>', 'project folder', '.')
  .exitOverride(usageExit)
  .action(async (options: { dir: string }) => {
    await run(async () => (await import('./hash-passwords-command.js')).runHashPasswords(options));
  });

function parseLimit(value: string): number {
  const limit = Number(value);
  if (!Number.isInteger(limit) || limit < 1) throw new InvalidArgumentError('expected a positive integer');
  return limit;
}

program
  .command('history')
  .description('every commit that touched a document, newest first, with the fields that changed')
  .argument('<document>', '<type>/<documentId> (type: plural or singular name; a single type: its name)')
  .option('-d, --dir <dir>', 'project folder', '.')
  .option('--locale <code>', 'only the files of this locale')
  .option('-n, --limit <count>', 'at most this many commits', parseLimit)
  .option('--json', 'print JSON', false)
  .exitOverride(usageExit)
  .action(async (document: string, options: { dir: string; locale?: string; limit?: number; json: boolean }) => {
    await run(async () => (await import('./history-command.js')).runHistory({ ...options, document }));
  });

program
  .command('show')
  .description('print a document as the API answered it at a commit (JSON)')
  .argument('<document>', '<type>/<documentId>')
  .argument('<commit>', 'a commit hash, branch, tag or HEAD~n')
  .option('-d, --dir <dir>', 'project folder', '.')
  .option('--locale <code>', 'only this locale')
  .exitOverride(usageExit)
  .action(async (document: string, commit: string, options: { dir: string; locale?: string }) => {
    await run(async () => (await import('./history-command.js')).runShow({ ...options, document, commit }));
  });

program
  .command('restore')
  .description('write a document back as a commit held it, as a normal write (validation, relations, timestamps)')
  .argument('<document>', '<type>/<documentId>')
  .argument('<commit>', 'a commit hash, branch, tag or HEAD~n')
  .option('-d, --dir <dir>', 'project folder', '.')
  .option('--locale <code>', 'the locale to restore (default: the default locale)')
  .exitOverride(usageExit)
  .action(async (document: string, commit: string, options: { dir: string; locale?: string }) => {
    await run(async () => (await import('./mv-command.js')).runRestore({ ...options, document, commit }));
  });

program
  .command('status')
  .description('what changed under content/, uploads/ and schemas/ since the last commit, per document with the fields that changed')
  .option('-d, --dir <dir>', 'project folder', '.')
  .option('--json', 'print JSON', false)
  .exitOverride(usageExit)
  .action(async (options: { dir: string; json: boolean }) => {
    await run(async () => (await import('./status-command.js')).runStatus(options));
  });

program
  .command('commit')
  .description("commit the changes cms status shows, or only the documents and paths named (author: git's configured user)")
  .argument('[targets...]', '<type>/<documentId> or paths')
  .requiredOption('-m, --message <message>', 'the commit message')
  .option('-d, --dir <dir>', 'project folder', '.')
  .exitOverride(usageExit)
  .action(async (targets: string[], options: { dir: string; message: string }) => {
    await run(async () => (await import('./status-command.js')).runCommit({ ...options, targets }));
  });

program
  .command('discard')
  .description('put documents or paths back to their last committed version (created files are removed)')
  .argument('<targets...>', '<type>/<documentId> or paths')
  .option('-d, --dir <dir>', 'project folder', '.')
  .exitOverride(usageExit)
  .action(async (targets: string[], options: { dir: string }) => {
    await run(async () => (await import('./status-command.js')).runDiscard({ ...options, targets }));
  });

program
  .command('mv')
  .description('rename a document (every file and every relation to it; its id stays) or move a media file (every document using it)')
  .argument('<source>', '<type>/<documentId> or uploads/<path>')
  .argument('<target>', 'the new documentId, or the new path under uploads/')
  .option('-d, --dir <dir>', 'project folder', '.')
  .exitOverride(usageExit)
  .action(async (source: string, target: string, options: { dir: string }) => {
    await run(async () => (await import('./mv-command.js')).runMv({ ...options, source, target }));
  });

program
  .command('init')
  .description('start a project: schemas, a little content, cms.config.json, .gitignore, package.json scripts, a README')
  .argument('[folder]', "the new project's folder (default: the current folder)")
  .addOption(new Option('-t, --template <name>', 'what to start from').choices(['blog', 'empty']).default('blog'))
  .option('--from-strapi <folder>', 'make a Strapi v5 project folder a cms project in place (its src/ schemas and code stay as they are)')
  .exitOverride(usageExit)
  .action(async (folder: string | undefined, options: { template: string; fromStrapi?: string }) => {
    await run(async () => (await import('./init-command.js')).runInit({ ...options, folder }));
  });

const token = program.command('token').description('manage API tokens');
token
  .command('create')
  .description('create an API token: prints it once and stores only its salted hash in cms.config.json')
  .requiredOption('-n, --name <name>', 'a unique name for the token')
  .requiredOption('-t, --type <type>', 'read-only, full-access or custom')
  .option('-e, --expires <when>', 'days (30, 30d) or a date (2027-01-31); default: never')
  .option('--permissions <actions>', 'for custom tokens: comma-separated action ids (api::article.article.find,…)')
  .option('-d, --dir <dir>', 'project folder', '.')
  .option('--env', 'print shell exports (CMS_API_TOKENS, API_TOKEN_SALT if unset, CMS_API_TOKEN) instead of writing the config')
  .action(async (options: { dir: string; name: string; type: string; expires?: string; permissions?: string; env?: boolean }) => {
    await run(async () => (await import('./token-command.js')).runTokenCreate(options));
  });

token
  .command('list')
  .description('list the API tokens: name, type, expiry, permissions (never their hashes)')
  .option('-d, --dir <dir>', 'project folder', '.')
  .option('--json', 'print JSON')
  .action(async (options: { dir: string; json?: boolean }) => {
    await run(async () => (await import('./token-command.js')).runTokenList(options));
  });
token
  .command('revoke')
  .description('remove an API token from cms.config.json; it stops working at once, on a running server too')
  .argument('<name>', "the token's name")
  .option('-d, --dir <dir>', 'project folder', '.')
  .action(async (name: string, options: { dir: string }) => {
    await run(async () => (await import('./token-command.js')).runTokenRevoke({ ...options, name }));
  });

const admin = program.command('admin').description("manage the editor's administrators");
admin
  .command('create')
  .description('create an administrator: asks for the password without echo (one line from stdin when not a terminal)')
  .requiredOption('-e, --email <email>', 'their e-mail address, to sign in with')
  .option('-r, --role <role>', 'super-admin, editor or author', 'super-admin')
  .option('--firstname <name>', 'first name')
  .option('--lastname <name>', 'last name')
  .option('-d, --dir <dir>', 'project folder', '.')
  .action(async (options: { dir: string; email: string; role: string; firstname?: string; lastname?: string }) => {
    await run(async () => (await import('./admin-command.js')).runAdminCreate(options));
  });

const webhooks = program.command('webhooks').description('webhooks: the delivery log, test events');
webhooks
  .command('log')
  .description('print the last deliveries of cms serve (time, webhook, event, status, duration, try)')
  .option('-d, --dir <dir>', 'project folder', '.')
  .option('-n, --limit <count>', 'how many (default 50)', (value: string) => {
    const count = Number(value);
    if (!Number.isInteger(count) || count < 1) throw new InvalidArgumentError('expected a positive integer');
    return count;
  })
  .option('--json', 'print the records as JSON', false)
  .action(async (options: { dir: string; limit?: number; json: boolean }) => {
    await run(async () => (await import('./webhooks-command.js')).runWebhooksLog(options));
  });
webhooks
  .command('test')
  .description("post Strapi's test event (trigger-test) to a webhook and print its answer")
  .argument('<name>', 'the webhook, as named in cms.config.json')
  .option('-d, --dir <dir>', 'project folder', '.')
  .action(async (name: string, options: { dir: string }) => {
    await run(async () => (await import('./webhooks-command.js')).runWebhooksTest({ ...options, name }));
  });

await program.parseAsync(process.argv);
