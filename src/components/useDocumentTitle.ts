/** The browser tab names the screen and then the site (or the product, before there is one): 文章 · 範例新聞網. */
import { useEffect } from 'react';

export function tabTitle(screen: string | undefined, place: string): string {
  const name = screen?.trim();
  return name && name !== place ? `${name} · ${place}` : place;
}

/** Keeps document.title at tabTitle(screen, place) while the caller is shown. */
export function useDocumentTitle(screen: string | undefined, place: string): void {
  useEffect(() => {
    const next = tabTitle(screen, place);
    if (document.title !== next) document.title = next;
  }, [screen, place]);
}
