/** Types of the table-of-contents machine (content-site spec 001, sections 2, 3 and 5 "Table of contents"). */

/** One heading listed in the table. */
export interface TocEntry {
  /** The heading's id (its own, or the one given from its text). */
  id: string;
  /** The heading's text as the reader sees it. */
  text: string;
  /** Depth in the table: the heading tag's place among the tags listed (0 for the first). */
  depth: number;
}

export interface TocContext {
  /** The headings listed, in page order. */
  entries: TocEntry[];
  /** Id of the entry being read (the heading in view, else the last one scrolled past), or `null` above the first. */
  current: string | null;
}

export type TocEvent =
  /** The headings of the entry content were read (again). */
  | { type: 'BUILD'; entries: TocEntry[] }
  /** The reader scrolled: `id` is the entry being read now, `null` above the first heading. */
  | { type: 'CURRENT.SET'; id: string | null }
  /** A table link was followed to heading `id`. */
  | { type: 'NAVIGATE'; id: string };

/** Emitted events; the element dispatches each as `kite-toc-<type>`. */
export type TocEmitted =
  /** The table of contents was built: `count` entries (0 when the entry content has no heading to list). */
  | { type: 'ready'; count: number }
  /** A table-of-contents link took the reader to heading `id`. */
  | { type: 'navigate'; id: string };
