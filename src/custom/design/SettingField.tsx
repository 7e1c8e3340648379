/**
 * One design setting's input, by its type (contract/themes.ts ThemeSetting): a colour (picker and hex text), a
 * select, a checkbox, a number within its bounds, a text. Labels come from the theme's words in the interface
 * language.
 */
import {
  Box,
  Checkbox,
  FormControlLabel,
  FormHelperText,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useLocaleState, useTranslate } from 'ra-core';
import { localeOr } from '../../../contract/constants';
import { THEME_SETTING_TEXT_MAX, type ThemeSetting, type ThemeSettingValue } from '../../../contract/themes';
import { themeWord } from '../themes/themeLogic';
import { numberFrom } from './designForm';

interface Props {
  setting: ThemeSetting;
  value: ThemeSettingValue;
  error?: string;
  onChange: (value: ThemeSettingValue) => void;
}

export function SettingField({ setting, value, error, onChange }: Props) {
  const translate = useTranslate();
  const [current] = useLocaleState();
  const locale = localeOr(current, 'zh-TW');
  const label = themeWord(setting.label, locale) || setting.id;
  const id = `design-${setting.id}`;
  const helper = error ? translate(error, { _: error }) : undefined;
  switch (setting.type) {
    case 'color': {
      const text = String(value);
      return (
        <Box>
          <Typography component="label" htmlFor={id} variant="body2" sx={{ display: 'block', mb: 0.5 }}>
            {label}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
            <Box
              component="input"
              id={id}
              type="color"
              // The picker only takes #rrggbb; while the text is something else it shows the default.
              value={/^#[0-9a-fA-F]{6}$/.test(text) ? text.toLowerCase() : setting.default.toLowerCase()}
              onChange={(e) => onChange((e.target as HTMLInputElement).value)}
              sx={{ width: 48, height: 40, p: 0.25, border: 1, borderColor: 'divider', borderRadius: 1 }}
            />
            <TextField
              size="small"
              value={text}
              onChange={(e) => onChange(e.target.value.trim())}
              label={translate('design.hex', { label })}
              error={Boolean(error)}
              helperText={helper}
              slotProps={{ htmlInput: { maxLength: 7, spellCheck: false } }}
              sx={{ flex: 1 }}
            />
          </Stack>
        </Box>
      );
    }
    case 'select':
      return (
        <TextField
          select
          id={id}
          size="small"
          fullWidth
          label={label}
          value={String(value)}
          onChange={(e) => onChange(e.target.value)}
          error={Boolean(error)}
          helperText={helper}
        >
          {setting.options.map((o) => (
            <MenuItem key={o.value} value={o.value}>
              {themeWord(o.label, locale) || o.value}
            </MenuItem>
          ))}
        </TextField>
      );
    case 'checkbox':
      return (
        <Box>
          <FormControlLabel
            control={
              <Checkbox id={id} checked={value === true} onChange={(e) => onChange(e.target.checked)} />
            }
            label={label}
          />
          {helper ? <FormHelperText error>{helper}</FormHelperText> : null}
        </Box>
      );
    case 'number':
      return (
        <TextField
          id={id}
          size="small"
          fullWidth
          type="number"
          label={label}
          value={String(value)}
          onChange={(e) => onChange(numberFrom(e.target.value))}
          error={Boolean(error)}
          helperText={helper ?? translate('design.range', { min: setting.min, max: setting.max })}
          slotProps={{ htmlInput: { min: setting.min, max: setting.max, step: 1 } }}
        />
      );
    default:
      return (
        <TextField
          id={id}
          size="small"
          fullWidth
          label={label}
          value={String(value)}
          onChange={(e) => onChange(e.target.value)}
          error={Boolean(error)}
          helperText={helper}
          slotProps={{ htmlInput: { maxLength: THEME_SETTING_TEXT_MAX } }}
        />
      );
  }
}
