// axe-core in the end-to-end files: one copy of the check every visible state is put through.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe-core's violations on the page as it is, `id (nodes)` each (pop-ups included: axe enters open
 * shadow roots). Evaluated through the DevTools protocol, so the page's CSP stays as it is.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const { violations } = await (window as unknown as { axe: { run: (context: Document) => Promise<{ violations: Array<{ id: string; nodes: unknown[] }> }> } }).axe.run(document);
    return violations.map((violation) => `${violation.id} (${violation.nodes.length})`);
  });
}
