import type { ReactNode } from 'react';

/**
 * The frame of the public survey pages: a single readable column, phone first (no sideways scrolling at 390 px),
 * the campus's name above the page's own heading and content.
 */
export function PublicFrame({ campus, children }: { campus?: string; children: ReactNode }) {
  return (
    <main className="public-survey">
      {campus ? <p className="public-campus">{campus}</p> : null}
      {children}
    </main>
  );
}
