// One line describing the machine and how busy it is: figures taken under load are not comparable.
import os from 'node:os';

export function machineNote() {
  const load = os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
  return `node ${process.version}, ${os.cpus().length} cores, load average ${load} (1/5/15 min)`;
}
