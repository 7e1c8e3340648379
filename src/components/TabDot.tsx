/** The small dot after a tab's name that marks its state (a filled language, an unsaved menu); `title` says which. */
import { Box } from '@mui/material';

export function TabDot({ title, color, size }: { title: string; color: string; size: number }) {
  return (
    <Box
      component="span"
      title={title}
      sx={{
        display: 'inline-block',
        width: size,
        height: size,
        borderRadius: '50%',
        bgcolor: color,
        ml: size / 8,
        verticalAlign: 'middle',
      }}
    />
  );
}
