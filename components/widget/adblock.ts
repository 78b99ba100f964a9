import { ADBLOCK } from '../../shared/constants/owner-limits.ts';
import { apiUrl } from '../../shared/api/url.ts';

/**
 * The ad-block probe (widget spec section 7: "an ad-block detection script ... when
 * display_if_adblock_active is yes"), loaded only for such pop-ups. Two baits: an element with
 * the classes cosmetic filters hide, and a request for a file name that network filters refuse
 * (the display API serves it, empty). Either one caught means an ad blocker; a request with no
 * answer in `ADBLOCK.TIMEOUT_MS` counts as none.
 */
export async function probeAdblock(api: string): Promise<boolean> {
  const bait = document.createElement('div');
  bait.className = ADBLOCK.BAIT_CLASSES;
  bait.setAttribute('aria-hidden', 'true');
  bait.textContent = '\u00a0';
  Object.assign(bait.style, { position: 'absolute', left: '-10000px', top: '0', width: '1px', height: '1px' });
  document.body.append(bait);
  const style = getComputedStyle(bait);
  const hidden = bait.offsetHeight === 0 || style.display === 'none' || style.visibility === 'hidden';
  bait.remove();
  if (hidden) return true;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const request = fetch(apiUrl(api, ADBLOCK.BAIT_PATH), { credentials: 'omit', cache: 'no-store' }).then(
    (response) => !response.ok,
    () => true,
  );
  const timeout = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ADBLOCK.TIMEOUT_MS)));
  try {
    return await Promise.race([request, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
