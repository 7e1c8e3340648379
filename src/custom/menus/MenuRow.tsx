/**
 * One row of the menu editor: a drag handle (mouse, touch or keyboard), the item's name and link, chips for new and
 * system items, and buttons to nest or un-nest it, edit it and delete it. Rows under a parent are indented.
 */
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import EditIcon from '@mui/icons-material/EditOutlined';
import FolderIcon from '@mui/icons-material/FolderOutlined';
import OutdentIcon from '@mui/icons-material/FormatIndentDecrease';
import IndentIcon from '@mui/icons-material/FormatIndentIncrease';
import LinkIcon from '@mui/icons-material/Link';
import { Box, Chip, IconButton, ListItem, ListItemText, Stack, Tooltip } from '@mui/material';
import { useTranslate } from 'ra-core';
import { MENU_TYPE } from '../../../contract/menus';
import type { FlatRow } from './menuTree';

/** Pixels of one level of nesting: also the horizontal drag that nests or un-nests a row. */
export const INDENT_PX = 40;

export interface MenuRowProps {
  row: FlatRow;
  /** Shown depth: the projected one while the row is dragged. */
  depth: 0 | 1;
  name: string;
  canEdit: boolean;
  canIndent: boolean;
  onIndent: () => void;
  onOutdent: () => void;
  onEdit: () => void;
  onDelete: () => void;
}

export function MenuRow({
  row,
  depth,
  name,
  canEdit,
  canIndent,
  onIndent,
  onOutdent,
  onEdit,
  onDelete,
}: MenuRowProps) {
  const translate = useTranslate();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: row.id, disabled: !canEdit });
  const { item } = row;
  const isParent = item.type === MENU_TYPE.PARENT;
  const action = (key: string, icon: React.ReactNode, onClick: () => void, testId: string) => {
    const label = translate(`menus.actions.${key}`, { name });
    return (
      <Tooltip title={label}>
        <IconButton aria-label={label} onClick={onClick} size="small" data-testid={testId}>
          {icon}
        </IconButton>
      </Tooltip>
    );
  };
  return (
    <ListItem
      ref={setNodeRef}
      divider
      data-testid="menu-row"
      data-depth={depth}
      sx={{
        transform: CSS.Translate.toString(transform),
        transition,
        bgcolor: isDragging ? 'action.selected' : 'background.paper',
        position: 'relative',
        zIndex: isDragging ? 1 : 'auto',
        gap: 1,
        pl: 1,
        pr: 1,
      }}
    >
      {canEdit ? (
        <IconButton
          ref={setActivatorNodeRef}
          {...attributes}
          {...listeners}
          aria-label={translate('menus.actions.handle', { name })}
          sx={{ cursor: isDragging ? 'grabbing' : 'grab', touchAction: 'none' }}
        >
          <DragIndicatorIcon />
        </IconButton>
      ) : null}
      {/* The indent lives inside the row, so every row keeps the same box (keyboard moves stay vertical). */}
      <Box
        sx={{
          width: depth * INDENT_PX,
          flexShrink: 0,
          alignSelf: 'stretch',
          borderRight: depth ? 2 : 0,
          borderColor: 'divider',
          transition: 'width 120ms',
        }}
      />
      {isParent ? (
        <FolderIcon color="action" aria-label={translate('menus.types.2')} />
      ) : (
        <LinkIcon color="action" aria-label={translate('menus.types.1')} />
      )}
      <ListItemText
        primary={name}
        secondary={isParent ? translate('menus.children', { count: item.children.length }) : item.link}
        slotProps={{
          primary: { sx: { overflowWrap: 'anywhere' } },
          secondary: { sx: { overflowWrap: 'anywhere' } },
        }}
        data-testid="menu-row-text"
      />
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', flexShrink: 0 }}>
        {item.is_new ? <Chip size="small" color="success" label={translate('menus.chips.new')} /> : null}
        {item.is_system ? (
          <Chip size="small" variant="outlined" label={translate('menus.chips.system')} />
        ) : null}
        {canEdit ? (
          <>
            {depth === 1 ? action('outdent', <OutdentIcon />, onOutdent, 'menu-outdent') : null}
            {canIndent ? action('indent', <IndentIcon />, onIndent, 'menu-indent') : null}
            {action('edit', <EditIcon />, onEdit, 'menu-edit')}
            {item.is_system ? null : action('delete', <DeleteIcon />, onDelete, 'menu-delete')}
          </>
        ) : null}
      </Stack>
    </ListItem>
  );
}
