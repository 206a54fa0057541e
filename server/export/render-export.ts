import type { ProjectSnapshot } from '../documents/project-port.js';
import { type ReadOptions, type ReadRequest, answerReadText } from '../documents/answer-read.js';
import { ApiError } from '../errors/api-error.js';
import { toEnvelope } from '../errors/to-envelope.js';

export interface RenderedBody {
  readonly status: number;
  /** Exactly the bytes `cms serve` sends for the same request. */
  readonly text: string;
}

/** Answers one read request the way the server does, as JSON text (the server's read routes send answerReadText's). */
export function renderRead(snapshot: ProjectSnapshot, request: ReadRequest, options: ReadOptions): RenderedBody {
  try {
    return { status: 200, text: answerReadText(snapshot, request, options) };
  } catch (error) {
    // Only a caller's mistake is an answer to freeze; anything else stops the export.
    if (!(error instanceof ApiError)) throw error;
    const { status, body } = toEnvelope(error);
    return { status, text: JSON.stringify(body) };
  }
}
