import type { CheckProblem } from './check-problem.js';
import type { CheckReport } from './check-project.js';

export const CHECK_FORMATS = ['text', 'json', 'github'] as const;
export type CheckFormat = (typeof CHECK_FORMATS)[number];

export function isCheckFormat(value: unknown): value is CheckFormat {
  return (CHECK_FORMATS as readonly unknown[]).includes(value);
}

/**
 * A report as printed by `cms check`. `showPath` turns a project-relative path into the one to
 * print (relative to where the command runs, so that terminals and CI link it).
 */
export function formatReport(report: CheckReport, format: CheckFormat, showPath: (file: string) => string): string {
  switch (format) {
    case 'json':
      return `${JSON.stringify(
        {
          ok: report.problems.length === 0,
          checked: { schemas: report.schemas, documents: report.documents, media: report.media },
          problems: report.problems.map((problem) => ({ ...problem, line: problem.line ?? null, column: problem.column ?? null })),
          warnings: report.warnings.map((warning) => ({ ...warning, line: warning.line ?? null, column: warning.column ?? null })),
        },
        null,
        2,
      )}\n`;
    case 'github':
      return (
        report.warnings.map((warning) => `${githubAnnotation(warning, showPath(warning.file), 'warning')}\n`).join('') +
        report.problems.map((problem) => `${githubAnnotation(problem, showPath(problem.file))}\n`).join('') +
        `${summary(report)}\n`
      );
    case 'text':
      return (
        report.warnings.map((warning) => `${where(warning, showPath(warning.file))}: warning: ${warning.message}\n`).join('') +
        report.problems.map((problem) => `${where(problem, showPath(problem.file))}: ${problem.message}\n`).join('') +
        `${summary(report)}\n`
      );
  }
}

/** `::error file=…,line=…,col=…::message`, escaped as GitHub's workflow commands require. */
export function githubAnnotation(problem: CheckProblem, file: string, level: 'error' | 'warning' = 'error'): string {
  const properties = [`file=${escapeProperty(file)}`];
  if (problem.line !== undefined) properties.push(`line=${problem.line}`, `col=${problem.column ?? 1}`);
  properties.push(`title=${escapeProperty(`cms check (${problem.rule})`)}`);
  return `::${level} ${properties.join(',')}::${escapeData(problem.message)}`;
}

function where(problem: CheckProblem, file: string): string {
  return problem.line === undefined ? file : `${file}:${problem.line}:${problem.column ?? 1}`;
}

function summary(report: CheckReport): string {
  const warned = report.warnings.length === 0 ? '' : `, ${report.warnings.length} warning${report.warnings.length === 1 ? '' : 's'}`;
  const checked = `${report.documents} content file${report.documents === 1 ? '' : 's'}, ${report.schemas} schemas, ${report.media} media files checked${warned}`;
  if (report.problems.length === 0) return `no problems (${checked})`;
  const files = new Set(report.problems.map((problem: CheckProblem) => problem.file)).size;
  return `${report.problems.length} problem${report.problems.length === 1 ? '' : 's'} in ${files} file${files === 1 ? '' : 's'} (${checked})`;
}

function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}
