/** The language switch's menu (LanguageSwitch.tsx), a chunk of its own: the sign-in page loads it on first use. */
import { Menu, MenuItem } from '@mui/material';
import { LOCALE_NAMES, LOCALES, type Locale } from '../../contract/constants';
import { htmlLang } from '../i18n/locale';

export default function LanguageMenu({
  anchor,
  locale,
  onClose,
  onChoose,
}: {
  anchor: HTMLElement | null;
  locale: string;
  onClose: () => void;
  onChoose: (locale: Locale) => void;
}) {
  return (
    <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={onClose}>
      {LOCALES.map((l) => (
        <MenuItem key={l} selected={l === locale} onClick={() => onChoose(l)} lang={htmlLang[l]}>
          {LOCALE_NAMES[l]}
        </MenuItem>
      ))}
    </Menu>
  );
}
