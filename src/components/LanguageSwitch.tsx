/** The interface language switch, on the sign-in screens and in the app bar. The choice is kept in localStorage. */
import TranslateIcon from '@mui/icons-material/Translate';
import { Button, Menu, MenuItem } from '@mui/material';
import { useLocaleState } from 'ra-core';
import { useState } from 'react';
import { LOCALES, type Locale } from '../../contract/constants';
import { htmlLang, storeLocale } from '../i18n/locale';
import zhTW from '../i18n/zh-TW';

/** Each language is named in itself, so anyone can find their own. */
const names = zhTW.app.languages;

export function LanguageSwitch({ color = 'inherit' }: { color?: 'inherit' | 'primary' }) {
  const [locale, setLocale] = useLocaleState();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const choose = (next: Locale) => {
    setAnchor(null);
    storeLocale(next);
    setLocale(next);
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
        {names[locale as Locale] ?? locale}
      </Button>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {LOCALES.map((l) => (
          <MenuItem key={l} selected={l === locale} onClick={() => choose(l)} lang={htmlLang[l]}>
            {names[l]}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
