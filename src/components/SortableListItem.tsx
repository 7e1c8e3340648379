/**
 * One row of a short sortable list in a form (the home settings' entries, the display languages): a drag handle
 * (mouse, touch or keyboard), the row's position, what the caller puts in, and a remove button. Read-only rows
 * have neither handle nor button and do not move. Use it inside a dnd-kit `SortableContext`.
 */
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import CloseIcon from '@mui/icons-material/Close';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import { IconButton, ListItem, Typography } from '@mui/material';
import type { ReactNode } from 'react';

export interface SortableListItemProps {
  id: number;
  /** 1-based place shown before the content. */
  position: number;
  disabled?: boolean;
  testId: string;
  /** Accessible names of the drag handle and the remove button, naming the row. */
  handleLabel: string;
  /** Without onRemove the row has no remove button (a list whose rows all stay, e.g. a page's tabs). */
  removeLabel?: string;
  onRemove?: () => void;
  children: ReactNode;
}

export function SortableListItem({
  id,
  position,
  disabled,
  testId,
  handleLabel,
  removeLabel,
  onRemove,
  children,
}: SortableListItemProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id, disabled });
  return (
    <ListItem
      ref={setNodeRef}
      divider
      data-testid={testId}
      sx={{
        // Translate, not Transform: rows of other heights must not be stretched while they make room.
        transform: CSS.Translate.toString(transform),
        transition,
        bgcolor: isDragging ? 'action.selected' : 'background.paper',
        position: 'relative',
        zIndex: isDragging ? 1 : 'auto',
        gap: 1,
        pl: 1,
      }}
      secondaryAction={
        disabled || !onRemove ? undefined : (
          <IconButton edge="end" aria-label={removeLabel} onClick={onRemove}>
            <CloseIcon />
          </IconButton>
        )
      }
    >
      {disabled ? null : (
        <IconButton
          ref={setActivatorNodeRef}
          {...attributes}
          {...listeners}
          aria-label={handleLabel}
          sx={{ cursor: isDragging ? 'grabbing' : 'grab', touchAction: 'none' }}
        >
          <DragIndicatorIcon />
        </IconButton>
      )}
      <Typography
        variant="body2"
        color="text.secondary"
        sx={{ width: 28, flexShrink: 0, textAlign: 'right' }}
      >
        {position}.
      </Typography>
      {children}
    </ListItem>
  );
}
