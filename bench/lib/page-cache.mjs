// Dropping the OS page cache before a cold-start measure: Linux only, and only for root.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

/** Writes dirty pages back and drops the page cache; false when this machine does not let us. */
export function dropPageCache() {
  try {
    spawnSync('sync');
    fs.writeFileSync('/proc/sys/vm/drop_caches', '3');
    return true;
  } catch {
    return false;
  }
}
