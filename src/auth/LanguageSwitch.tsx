/**
 * The sign-in screens' language switch (the admin's app bar has components/LanguageSwitch.tsx, in MUI): a button
 * opening a menu of the languages. The choice is kept in localStorage.
 */
import { useEffect, useRef, useState } from 'react';
import { LOCALE_NAMES, LOCALES, type Locale } from '../../contract/constants';
import { htmlLang, storeLocale } from '../i18n/locale';
import { useLocaleState } from './authI18n';
import { Icon, TRANSLATE_ICON } from './ui';

export function LanguageSwitch() {
  const [locale, setLocale] = useLocaleState();
  const [open, setOpen] = useState(false);
  const menu = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const items = () => [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    (items().find((i) => i.classList.contains('a-selected')) ?? items()[0])?.focus();
    const outside = (event: PointerEvent) => {
      if (!menu.current?.contains(event.target as Node) && !button.current?.contains(event.target as Node))
        setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  const choose = (next: Locale) => {
    setOpen(false);
    storeLocale(next);
    setLocale(next);
    button.current?.focus();
  };

  /** Arrow keys move between the languages, Escape and Tab close the menu (the ARIA menu pattern). */
  const onKeyDown = (event: React.KeyboardEvent) => {
    const items = [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const at = items.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      items[(at + step + items.length) % items.length]?.focus();
    } else if (event.key === 'Escape' || event.key === 'Tab') {
      if (event.key === 'Escape') event.preventDefault();
      setOpen(false);
      button.current?.focus();
    }
  };

  return (
    <div className="a-lang">
      <button
        ref={button}
        type="button"
        className="a-btn a-btn-text"
        onClick={() => setOpen((o) => !o)}
        aria-haspopup="menu"
        aria-expanded={open}
        data-testid="language-switch"
      >
        <Icon path={TRANSLATE_ICON} />
        {LOCALE_NAMES[locale as Locale] ?? locale}
      </button>
      {open && (
        <div ref={menu} role="menu" className="a-menu" onKeyDown={onKeyDown}>
          {LOCALES.map((l) => (
            <div
              key={l}
              role="menuitem"
              tabIndex={-1}
              lang={htmlLang[l]}
              className={l === locale ? 'a-selected' : undefined}
              onClick={() => choose(l)}
              onKeyDown={(event) => {
                if (event.key === 'Enter' || event.key === ' ') {
                  event.preventDefault();
                  choose(l);
                }
              }}
            >
              {LOCALE_NAMES[l]}
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
