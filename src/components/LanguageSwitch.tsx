/**
 * The interface language switch, on the sign-in screens and in the app bar. The choice is kept in localStorage; in the
 * app bar it is also the signed-in user's profile language (`onChosen`).
 */
import TranslateIcon from '@mui/icons-material/Translate';
import { Button } from '@mui/material';
import { useLocaleState } from 'ra-core';
import { lazy, Suspense, useState } from 'react';
import { LOCALE_NAMES, type Locale } from '../../contract/constants';
import { storeLocale } from '../i18n/locale';

// The menu loads when first opened, and stays (so that it closes as it opened).
const LanguageMenu = lazy(() => import('./LanguageMenu'));

export function LanguageSwitch({
  color = 'inherit',
  onChosen,
}: {
  color?: 'inherit' | 'primary';
  /** After the interface has switched, e.g. to save the choice to the profile. */
  onChosen?: (locale: Locale) => void;
}) {
  const [locale, setLocale] = useLocaleState();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [opened, setOpened] = useState(false);
  const choose = (next: Locale) => {
    setAnchor(null);
    storeLocale(next);
    setLocale(next);
    onChosen?.(next);
  };
  return (
    <>
      <Button
        color={color}
        startIcon={<TranslateIcon />}
        onClick={(e) => {
          setAnchor(e.currentTarget);
          setOpened(true);
        }}
        aria-haspopup="menu"
        data-testid="language-switch"
      >
        {LOCALE_NAMES[locale as Locale] ?? locale}
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <LanguageMenu anchor={anchor} locale={locale} onClose={() => setAnchor(null)} onChoose={choose} />
        </Suspense>
      )}
    </>
  );
}
