// Small statistics and formatting helpers for the benchmark reports.

/** The p-th percentile (0..100) of numbers, by nearest rank. */
export function percentile(values, p) {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank];
}

export function median(values) {
  return percentile(values, 50);
}

export function mb(bytes) {
  return bytes / (1024 * 1024);
}

/** `value` formatted with `digits` decimals. */
export function fixed(value, digits = 1) {
  return Number.isFinite(value) ? value.toFixed(digits) : String(value);
}

/** A pass/miss mark for a figure against its target. */
export function verdict(ok) {
  return ok ? 'ok' : 'MISS';
}

/** Prints rows (arrays of cells) as an aligned plain-text table. */
export function printTable(header, rows) {
  const all = [header, ...rows].map((row) => row.map(String));
  const widths = header.map((_, i) => Math.max(...all.map((row) => row[i]?.length ?? 0)));
  const line = (row) => row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');
  console.log(line(all[0]));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of all.slice(1)) console.log(line(row));
}

/** Parses a `--name value` option as a positive number, or throws naming it. */
export function positiveNumber(name, value) {
  const number = Number(value);
  if (!Number.isFinite(number) || number <= 0) throw new Error(`--${name}: expected a positive number, got ${value}`);
  return number;
}
