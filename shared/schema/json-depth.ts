/**
 * Depth of nested arrays and objects in a parsed JSON value, counted without recursion, so a
 * hostile value cannot blow the stack. Stops counting once past `max`: the answer is then `max + 1`
 * whatever the real depth, which is all a caller refusing deep values needs.
 */
export function jsonDepth(value: unknown, max: number): number {
  let deepest = 0;
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop()!;
    if (typeof item !== 'object' || item === null) continue;
    const level = depth + 1;
    if (level > deepest) deepest = level;
    if (level > max) return level;
    for (const child of Array.isArray(item) ? item : Object.values(item)) stack.push([child, level]);
  }
  return deepest;
}
