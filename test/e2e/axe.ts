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
  // A pop-up's entry effect fades it in: mid-fade its text is paler than it will be, and axe would
  // measure that contrast. Wait until no finite animation of a pop-up runs (a ticker's never ends).
  await page.waitForFunction(() =>
    [...document.querySelectorAll('kite-poptin')].every((host) =>
      [host, ...(host.shadowRoot?.querySelectorAll('*') ?? [])].every((element) =>
        element.getAnimations().every((animation) => animation.playState !== 'running' || !Number.isFinite(Number(animation.effect?.getComputedTiming().endTime))),
      ),
    ),
  );
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const { violations } = await (window as unknown as { axe: { run: (context: Document) => Promise<{ violations: Array<{ id: string; nodes: unknown[] }> }> } }).axe.run(document);
    return violations.map((violation) => `${violation.id} (${violation.nodes.length})`);
  });
}
