import { useEffect } from 'preact/hooks';

/**
 * Performance marks (User Timing) at the points bench/admin-views.mjs measures between: a route
 * taken, a view drawn with its data. Cheap, and visible in any browser's performance panel.
 */
export function mark(name: 'cms:route' | 'cms:list-drawn' | 'cms:edit-drawn'): void {
  performance.mark(name);
}

/** Marks `name` once the view has been drawn with `data` (effects run after the browser painted). */
export function useDrawnMark(name: 'cms:list-drawn' | 'cms:edit-drawn', data: unknown): void {
  useEffect(() => {
    if (data !== undefined) mark(name);
  }, [data]);
}
