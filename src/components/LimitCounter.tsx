/** How many of the plan's places are used (staff seats, members), warning once none is left. */
import { Typography } from '@mui/material';
import { useTranslate } from 'ra-core';

export function LimitCounter({
  usage,
  message,
  testId,
}: {
  /** Absent while loading: nothing is shown. */
  usage?: { used: number; limit: number };
  /** The i18n key, given `used` and `limit`. */
  message: string;
  testId: string;
}) {
  const translate = useTranslate();
  if (!usage) return null;
  return (
    <Typography
      variant="body2"
      color={usage.used >= usage.limit ? 'warning.main' : 'text.secondary'}
      sx={{ alignSelf: 'center', mr: 1 }}
      data-testid={testId}
    >
      {translate(message, { used: usage.used, limit: usage.limit })}
    </Typography>
  );
}
