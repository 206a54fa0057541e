import { useEffect, useRef, useState } from 'preact/hooks';
import { ApiFailure, call } from './api';

/** One change as `/admin/events` tells it: which document (or media file) changed. */
export interface EditorChange {
  event: string;
  uid: string | null;
  documentId: string | null;
  locale: string | null;
}

type Listener = (changes: EditorChange[]) => void;

const listeners = new Set<Listener>();
let source: EventSource | undefined;
let closing: number | undefined;
/** How long the stream stays open without listeners: going from a list to an edit view keeps it. */
const LINGER_MS = 10_000;

/**
 * Calls `listener` with every batch of changes the server reports, whoever made them (this editor,
 * another one, the API, a hand edit, git). One stream serves the whole page, open while someone
 * listens (and a little longer, so moving between views does not reconnect).
 */
export function onChanges(listener: Listener): () => void {
  listeners.add(listener);
  window.clearTimeout(closing);
  closing = undefined;
  // A stream the server refused (signed out meanwhile) is closed for good: a new one is opened.
  if (source === undefined || source.readyState === EventSource.CLOSED) {
    source = new EventSource('/admin/events');
    source.onmessage = (message) => {
      const changes = JSON.parse(message.data) as EditorChange[];
      for (const each of listeners) each(changes);
    };
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0) return;
    closing = window.setTimeout(() => {
      source?.close();
      source = undefined;
      closing = undefined;
    }, LINGER_MS);
  };
}

/** Calls `refresh` (at most every `ms`) after changes of documents of this type. */
export function useTypeChanges(uid: string, refresh: () => void, ms = 300): void {
  const latest = useRef(refresh);
  latest.current = refresh;
  useEffect(() => {
    let timer: number | undefined;
    const stop = onChanges((changes) => {
      if (timer !== undefined || !changes.some((change) => change.uid === uid)) return;
      timer = window.setTimeout(() => {
        timer = undefined;
        latest.current();
      }, ms);
    });
    return () => {
      stop();
      window.clearTimeout(timer);
    };
  }, [uid]);
}

/** What the edit view has open: the document (its route and version), and whether a save is under way. */
export interface OpenDocument {
  uid: string;
  documentId: string | undefined;
  locale: string | undefined;
  /** The route that reads it (with its query string). */
  url: string;
  version: string | undefined;
  busy: boolean;
}

/**
 * Whether the open document changed since it was opened, by anyone but this form: on a change of
 * it, the document is read again and its version compared (so this form's own saves raise nothing).
 * A change that comes while this form saves is looked at once the save is done.
 */
export function useDiskChange(open: OpenDocument): [boolean, () => void] {
  const [changed, setChanged] = useState(false);
  const current = useRef(open);
  current.current = open;
  const pending = useRef(false);
  const check = () => {
    const { url, version } = current.current;
    if (version === undefined) return;
    call<{ version: string }>('GET', url).then(
      (found) => {
        if (found.version !== current.current.version) setChanged(true);
      },
      (failure) => {
        if (failure instanceof ApiFailure && failure.status === 404) setChanged(true);
      },
    );
  };
  useEffect(
    () =>
      onChanges((changes) => {
        const { uid, documentId, locale } = current.current;
        if (documentId === undefined) return;
        const mine = changes.some((c) => c.uid === uid && c.documentId === documentId && (locale === undefined || c.locale === locale));
        if (!mine) return;
        if (current.current.busy) pending.current = true;
        else check();
      }),
    [],
  );
  // A version read again (Reload, a save) is the one on disk: the notice goes.
  useEffect(() => setChanged(false), [open.version]);
  useEffect(() => {
    if (open.busy || !pending.current) return;
    pending.current = false;
    check();
  }, [open.busy]);
  return [changed, () => setChanged(false)];
}
