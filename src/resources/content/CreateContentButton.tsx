/** 寫文章 / 新增頁面 / 寫電子報: opens the writer on a new item (/edit/<type>/0). */
import AddIcon from '@mui/icons-material/Add';
import { useCanAccess } from 'ra-core';
import { Button } from 'react-admin';
import { Link } from 'react-router';
import { type ContentKind, writerPath } from './kinds';

export function CreateContentButton({
  kind,
  variant,
}: {
  kind: ContentKind;
  variant?: 'contained' | 'text';
}) {
  const { canAccess } = useCanAccess({ resource: kind.resource, action: 'create' });
  if (!canAccess) return null;
  return (
    <Button
      component={Link}
      to={writerPath(kind)}
      label={`content.list.create.${kind.type}`}
      variant={variant}
    >
      <AddIcon />
    </Button>
  );
}
