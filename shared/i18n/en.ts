import { widget } from './en/widget.ts';
import { blocks } from './en/blocks.ts';
import { site } from './en/site.ts';

/**
 * Every English message, for tests and docs. Surfaces import their own area (en/widget.ts,
 * en/blocks.ts, en/site.ts) so a page loads only the messages of what it shows.
 */
export const en = { ...widget, ...blocks, ...site } as const;

export type MessageKey = keyof typeof en;
export type Catalogue = Record<MessageKey, string>;
