import type { CmsConfig } from '../config/cms-config.js';
import { FileError } from '../errors/file-error.js';
import type { ProjectApp } from '../project/project-app.js';
import type { ProjectLogger } from '../project/strapi-object.js';
import { listCodeFiles } from '../store/list-code-files.js';
import type { ProjectRuntime } from './project-runtime.js';

/** A project's src/ code as it is now, reloaded on edits; the last good load keeps serving. */
export interface ProjectCode {
  current(): ProjectApp | undefined;
  /** Loads the code again (after an edit, or new schemas); keeps the last good app when it fails. */
  reload(): Promise<void>;
}

/**
 * Loads the project's code when its src/ has any (a project without it loads no loader) and wires
 * its lifecycles into the runtime's writes. A first load that fails throws (the server does not
 * start on broken code); a reload that fails is logged with file and line, and the last good app stays.
 */
export async function openProjectCode(config: CmsConfig, runtime: ProjectRuntime, log: ProjectLogger): Promise<ProjectCode | undefined> {
  const files = listCodeFiles(config.dir);
  if (files === undefined) return undefined;
  // Imported here, not at the top: a project without code loads none of project/.
  const { loadProjectApp } = await import('../project/project-app.js');
  let app: ProjectApp | undefined;
  const load = async (): Promise<void> => {
    const listed = listCodeFiles(config.dir);
    const next = listed === undefined ? undefined : await loadProjectApp({ config, project: runtime, files: listed, log });
    app = next;
    runtime.hooks = next?.hooks;
  };
  await load();
  let queue = Promise.resolve();
  return {
    current: () => app,
    reload() {
      queue = queue.then(async () => {
        try {
          await load();
          log.info(`code reloaded: ${app?.routes.length ?? 0} routes`);
        } catch (error) {
          const message = error instanceof FileError ? error.format() : (error as Error).message;
          log.warn(`${message} (keeping the previous code)`);
        }
      });
      return queue;
    },
  };
}
