import { t } from '../i18n/owner.ts';

/**
 * The preview banner (widget spec section 2): tells the site owner that what they see is a
 * preview. Styled through the CSSOM, so a strict CSP without 'unsafe-inline' allows it.
 */
export function showPreviewBanner(lang: string): HTMLElement {
  const banner = document.createElement('div');
  banner.setAttribute('role', 'status');
  banner.dataset.kitePreview = '';
  banner.textContent = t(lang, 'previewBanner');
  Object.assign(banner.style, {
    position: 'fixed',
    insetInline: '0',
    bottom: '0',
    zIndex: '2147483647',
    padding: '8px 16px',
    background: '#222',
    color: '#fff',
    font: '600 14px/1.4 system-ui, sans-serif',
    textAlign: 'center',
  });
  document.body.append(banner);
  return banner;
}
