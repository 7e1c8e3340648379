/**
 * /role (SPEC §2): the built-in roles and the site's own, each with its type, how many permissions it holds and how
 * many staff hold it. A row opens the role editor (/role/:id); 新增 shows only with role.edit.
 */
import { Chip, Stack, Typography } from '@mui/material';
import { useRecordContext, useTranslate } from 'ra-core';
import { CreateButton, DataTable, List, SearchInput, TopToolbar } from 'react-admin';
import { ALL_PERMISSIONS } from '../../../contract/permissions';
import './declared';
import type { Role } from '../../../contract/roles';
import { DateTimeField } from '../../components/DateTimeField';
import { WindowPagination } from '../../components/WindowPagination';
import { tableSx } from '../../entities/view';

const filters = [<SearchInput key="q" source="q" alwaysOn />];

function NameCell() {
  const translate = useTranslate();
  const record = useRecordContext<Role>();
  if (!record) return null;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <span>{record.name}</span>
      {record.builtin ? (
        <Chip
          size="small"
          color="primary"
          variant="outlined"
          label={translate('roleScreens.builtin')}
          data-testid="role-builtin"
        />
      ) : null}
    </Stack>
  );
}

export default function RoleList() {
  const translate = useTranslate();
  return (
    <List
      filters={filters}
      actions={
        <TopToolbar>
          <CreateButton />
        </TopToolbar>
      }
      pagination={<WindowPagination />}
      perPage={25}
      sort={{ field: 'id', order: 'ASC' }}
    >
      <DataTable sx={tableSx} rowClick={(id) => `/role/${id}`} bulkActionButtons={false}>
        <DataTable.Col source="name">
          <NameCell />
        </DataTable.Col>
        <DataTable.Col
          source="permissions"
          disableSort
          render={(r: Role) => (
            <Typography variant="body2" color="text.secondary">
              {translate('roleScreens.selected', { n: r.permissions.length, total: ALL_PERMISSIONS.length })}
            </Typography>
          )}
        />
        <DataTable.Col
          source="staff_count"
          render={(r: Role) => translate('roleScreens.staffCount', { smart_count: r.staff_count })}
        />
        <DataTable.Col source="updated_at" disableSort>
          <DateTimeField source="updated_at" />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
