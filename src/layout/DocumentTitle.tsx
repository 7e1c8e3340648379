/**
 * The admin's tab title: the screen's name as the top bar shows it (react-admin's <Title> renders into the
 * #react-admin-title portal of TitlePortal; watching it covers every screen without each naming itself twice), then
 * the current site's name.
 */
import { useTranslate } from 'ra-core';
import { useEffect, useState } from 'react';
import { useDocumentTitle } from '../components/useDocumentTitle';
import { useSessionQuery } from './session';

export function DocumentTitle() {
  const translate = useTranslate();
  const { data: session } = useSessionQuery();
  const [screen, setScreen] = useState('');
  useEffect(() => {
    const portal = document.getElementById('react-admin-title');
    if (!portal) return;
    const read = () => setScreen(portal.textContent ?? '');
    read();
    const observer = new MutationObserver(read);
    observer.observe(portal, { childList: true, subtree: true, characterData: true });
    return () => observer.disconnect();
  }, []);
  useDocumentTitle(screen, session?.site.current?.name || translate('app.name'));
  return null;
}
