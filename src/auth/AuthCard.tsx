/** The frame of every sign-in screen: product name, language switch, a titled card; the tab names the screen. */
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../components/useDocumentTitle';
import { useTranslate } from './authI18n';
import { LanguageSwitch } from './LanguageSwitch';

export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  const translate = useTranslate();
  useDocumentTitle(translate(title), translate('app.name'));
  return (
    <div className="a-page">
      <header className="a-header">
        <p className="a-brand">{translate('app.name')}</p>
        <LanguageSwitch />
      </header>
      <main className="a-card">
        <h1>{translate(title)}</h1>
        {children}
      </main>
    </div>
  );
}
