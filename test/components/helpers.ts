// User-level actions and assertion helpers shared by the element tests.
import { sendKeys, sendMouse } from '@web/test-runner-commands';

/** A real mouse click in the middle of `target` (or at a point of the window). */
export async function click(target: Element | [number, number]): Promise<void> {
  let position: [number, number];
  if (Array.isArray(target)) position = target;
  else {
    const rect = target.getBoundingClientRect();
    position = [Math.round(rect.left + rect.width / 2), Math.round(rect.top + rect.height / 2)];
  }
  await sendMouse({ type: 'click', position });
}

/** Shift+Tab as a visitor presses it (the key runner has no combined "Shift+Tab" key). */
export async function shiftTab(): Promise<void> {
  await sendKeys({ down: 'Shift' });
  try {
    await sendKeys({ press: 'Tab' });
  } finally {
    await sendKeys({ up: 'Shift' });
  }
}

/**
 * A node's short name for assertions. Assertions compare names, never nodes: a failing assertion on
 * a node makes the runner serialise its React-laden object graph, which stalls the whole browser.
 */
export function nameOf(node: Element | null | undefined): string {
  if (!node) return 'nothing';
  const name = node.getAttribute('name') ?? node.getAttribute('part') ?? node.getAttribute('role') ?? node.id;
  return name ? `${node.localName}(${name})` : node.localName;
}
