/**
 * Long forms keep their save button in reach (the role editor is 1,500 px tall): the form's actions sit in a bar that
 * sticks to the bottom of the window while the form scrolls under it, and rests at the form's end once reached. A
 * Card clips sticky children (overflow: hidden), so such forms sit in a FormCard.
 */
import { Box, Card, type CardProps } from '@mui/material';
import type { ReactNode } from 'react';

export function FormCard({ sx, ...props }: CardProps) {
  return <Card {...props} sx={[{ overflow: 'visible' }, ...(Array.isArray(sx) ? sx : [sx])]} />;
}

/** The actions of a long form, in order; a `<Box sx={{ flex: 1 }} />` pushes the rest to the end. */
export function SaveBar({ children, end = false }: { children: ReactNode; end?: boolean }) {
  return (
    <Box
      data-testid="save-bar"
      sx={{
        position: 'sticky',
        bottom: 0,
        zIndex: 2,
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        justifyContent: end ? 'flex-end' : 'flex-start',
        gap: 1,
        px: 2,
        py: 1.5,
        bgcolor: 'background.paper',
        borderTop: 1,
        borderColor: 'divider',
        borderBottomLeftRadius: 'inherit',
        borderBottomRightRadius: 'inherit',
      }}
    >
      {children}
    </Box>
  );
}
