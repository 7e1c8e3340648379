/** An item's status as chips: 草稿 / 已發佈 / 已排程, and 有未發佈的修改 on a published item. */
import { Chip, Stack } from '@mui/material';
import { useRecordContext, useTranslate } from 'ra-core';
import { statusChips } from './status';

interface Props {
  item?: { status: number; is_draft_changed?: boolean };
}

export function StatusChips({ item }: Props) {
  const record = useRecordContext<{ status: number; is_draft_changed?: boolean }>();
  const translate = useTranslate();
  const value = item ?? record;
  if (!value) return null;
  return (
    <Stack
      direction="row"
      spacing={0.5}
      useFlexGap
      // Narrow: at 1024 px the list keeps every column in view, so a long chip wraps inside itself.
      sx={{ flexWrap: 'wrap', minWidth: 72, maxWidth: 104 }}
      data-testid="status"
    >
      {statusChips(value).map((chip) => (
        <Chip
          key={chip.key}
          size="small"
          color={chip.color}
          variant={chip.key === 'draftChanged' ? 'outlined' : 'filled'}
          label={translate(`content.status.${chip.key}`)}
          sx={{ height: 'auto', py: 0.25, '& .MuiChip-label': { whiteSpace: 'normal' } }}
        />
      ))}
    </Stack>
  );
}
