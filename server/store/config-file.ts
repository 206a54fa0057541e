import { readProjectText, writeProjectText } from './project-files.js';
import { CONFIG_FILE } from './project-layout.js';

/** The text of the project's cms.config.json, or undefined when it has none. */
export function readConfigText(projectDir: string): string | undefined {
  return readProjectText(projectDir, CONFIG_FILE);
}

/** Rewrites cms.config.json atomically, as 2-space JSON with a trailing newline. */
export function writeConfigFile(projectDir: string, raw: Readonly<Record<string, unknown>>): void {
  writeProjectText(projectDir, CONFIG_FILE, `${JSON.stringify(raw, null, 2)}\n`);
}
