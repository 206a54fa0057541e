import type { MailTemplate } from '../config/cms-config.js';
import { PLACEHOLDER, type PlaceholderName, isPlaceholderName } from '../config/mail-templates.js';

export type TemplateValues = Partial<Readonly<Record<PlaceholderName, string>>>;

export interface RenderedMail {
  readonly subject: string;
  readonly text: string;
  readonly html: string;
}

const HTML_ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);
}

/**
 * Fills a template's `<%= NAME %>` placeholders: HTML-escaped in the html part (a username is
 * user input), as they are in the text part, and on one line in the subject (no header injection).
 * Nothing in a template runs: unlike lodash's template, there is no code to evaluate.
 */
export function renderTemplate(template: MailTemplate, values: TemplateValues): RenderedMail {
  const fill = (text: string, encode: (value: string) => string): string =>
    text.replace(PLACEHOLDER, (_match, name: string) => (isPlaceholderName(name) ? encode(values[name] ?? '') : ''));
  return {
    subject: fill(template.subject, (value) => value.replace(/[\r\n]+/g, ' ')).trim(),
    text: fill(template.text, (value) => value),
    html: fill(template.html, escapeHtml),
  };
}
