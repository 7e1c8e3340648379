/**
 * The interface language switch, on the sign-in screens and in the app bar. The choice is kept in localStorage; in the
 * app bar it is also the signed-in user's profile language (`onChosen`).
 */
import TranslateIcon from '@mui/icons-material/Translate';
import { Button, Menu, MenuItem } from '@mui/material';
import { useLocaleState } from 'ra-core';
import { useState } from 'react';
import { LOCALE_NAMES, LOCALES, type Locale } from '../../contract/constants';
import { htmlLang, storeLocale } from '../i18n/locale';

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
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-haspopup="menu"
        data-testid="language-switch"
      >
        {LOCALE_NAMES[locale as Locale] ?? locale}
      </Button>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {LOCALES.map((l) => (
          <MenuItem key={l} selected={l === locale} onClick={() => choose(l)} lang={htmlLang[l]}>
            {LOCALE_NAMES[l]}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
