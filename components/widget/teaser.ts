import type { PoptinRecord } from '../../shared/schema/poptin-record.ts';

/**
 * Puts the tab teaser of `record` (`is_teasers_on`) into `parent` once its element's code is
 * here, unless the run that asked for it is over or the pop-up is out for this page (`isCurrent`).
 * A module of its own, so a page whose pop-ups have no teaser loads none of it.
 */
export async function mountTeaser(parent: HTMLElement, record: PoptinRecord, lang: string, isCurrent: () => boolean): Promise<void> {
  await import('../tab-teaser/tab-teaser.element.ts');
  if (!isCurrent()) return;
  const teaser = document.createElement('kite-tab-teaser');
  teaser.setAttribute('poptin-id', record.poptin_id);
  teaser.setAttribute('display-mode', record.teaser?.display_mode ?? 'after_close');
  teaser.setAttribute('lang', lang);
  if (record.d_f_r) teaser.setAttribute('d-f-r', record.d_f_r);
  if (record.teaser?.label) teaser.setAttribute('label', record.teaser.label);
  if (record.teaser?.position) teaser.setAttribute('position', record.teaser.position);
  parent.append(teaser);
}
