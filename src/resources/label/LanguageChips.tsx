/** The content languages a label is shown in, as small chips (the full name on hover and for screen readers). */
import { Chip, Stack, Tooltip } from '@mui/material';
import { useTranslate } from 'ra-core';
import { activeLanguages } from './labelLogic';

export function LanguageChips({ active }: { active: readonly number[] | null | undefined }) {
  const translate = useTranslate();
  const ids = activeLanguages(active);
  return (
    <Stack direction="row" useFlexGap spacing={0.5} sx={{ flexWrap: 'wrap' }} data-testid="language-chips">
      {ids.map((id) => (
        <Tooltip key={id} title={translate(`labels.languages.${id}`)}>
          <Chip
            size="small"
            variant="outlined"
            label={translate(`labels.languagesShort.${id}`)}
            aria-label={translate(`labels.languages.${id}`)}
          />
        </Tooltip>
      ))}
    </Stack>
  );
}
