import type { CmsConfig } from '../../server/config/cms-config.js';
import { loadConfig } from '../../server/store/load-config.js';
import { loadProject } from '../../server/runtime/load-project.js';
import type { ProjectState } from '../../server/runtime/project-state.js';

/** Loads a project folder as the server does (schemas, media, content), without watching it. */
export function loadTestProject(dir: string, i18n?: CmsConfig['i18n']): ProjectState {
  const config = loadConfig(dir, { watch: false });
  return loadProject(i18n === undefined ? config : { ...config, i18n });
}
