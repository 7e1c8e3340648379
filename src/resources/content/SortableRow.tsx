/** One pinned item while reordering: a drag handle (mouse, touch or keyboard), its position, title and status. */

import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import { IconButton, ListItem, ListItemIcon, ListItemText, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import type { ContentRow } from '../../../contract/content';
import { StatusChips } from './StatusChips';

export function SortableRow({ row, position }: { row: ContentRow; position: number }) {
  const translate = useTranslate();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: row.id });
  const title = row.title.trim() || translate('content.untitled');
  return (
    <ListItem
      ref={setNodeRef}
      divider
      data-testid="pinned-row"
      sx={{
        transform: CSS.Transform.toString(transform),
        transition,
        bgcolor: isDragging ? 'action.selected' : 'background.paper',
        position: 'relative',
        zIndex: isDragging ? 1 : 'auto',
        gap: 1,
      }}
    >
      <ListItemIcon sx={{ minWidth: 0 }}>
        <IconButton
          ref={setActivatorNodeRef}
          {...attributes}
          {...listeners}
          aria-label={translate('content.reorder.handle', { title })}
          sx={{ cursor: isDragging ? 'grabbing' : 'grab', touchAction: 'none' }}
        >
          <DragIndicatorIcon />
        </IconButton>
      </ListItemIcon>
      <Typography variant="body2" color="text.secondary" sx={{ width: 56, flexShrink: 0 }}>
        {translate('content.reorder.position', { n: position })}
      </Typography>
      <ListItemText primary={title} />
      <StatusChips item={row} />
    </ListItem>
  );
}
