import { useEffect, useState } from 'react';
import { hasMessages, loadMessages } from './translate.ts';

/**
 * Fetches `lang`'s messages (see `loadMessages`) and renders again once they are here: true when
 * they are settled, so a surface can wait rather than show English for a moment on other pages.
 */
export function useMessages(lang: string): boolean {
  const [, setSettled] = useState<string | null>(null);
  useEffect(() => {
    if (hasMessages(lang)) return;
    let current = true;
    void loadMessages(lang).then(() => current && setSettled(lang));
    return () => {
      current = false;
    };
  }, [lang]);
  return hasMessages(lang);
}
