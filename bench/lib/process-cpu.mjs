import fs from 'node:fs';

/** Clock ticks per second of /proc/<pid>/stat (USER_HZ: 100 on Linux builds in use). */
const TICKS_PER_SECOND = 100;

/**
 * CPU time (user + system, every thread) a running child process has used so far, in ms, from
 * /proc/<pid>/stat; NaN where there is no /proc (not Linux) or the process is gone.
 */
export function processCpuMs(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start at state, the 3rd field.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return NaN;
  }
}
