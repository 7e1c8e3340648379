/**
 * /site (SPEC §2): the sites the user works on, with the address, their role, the plan, whether it is published and
 * which one is current. A row opens its detail, where the user can switch to it.
 */
import { Box, Stack, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { DataTable, List } from 'react-admin';
import type { UserSite } from '../../../contract/sites';
import { WindowPagination } from '../../components/WindowPagination';
import { CurrentChip, PlanText, PublishedChip, SiteAddress } from './SiteChips';

function Empty() {
  const translate = useTranslate();
  return (
    <Box sx={{ textAlign: 'center', m: 4 }}>
      <Typography variant="h6" component="p">
        {translate('resources.site.empty')}
      </Typography>
    </Box>
  );
}

export default function SiteList() {
  return (
    <List
      actions={false}
      pagination={<WindowPagination />}
      perPage={10}
      sort={{ field: 'id', order: 'ASC' }}
      empty={<Empty />}
    >
      <DataTable rowClick={(id) => `/site/${id}`} bulkActionButtons={false}>
        <DataTable.Col
          source="name"
          render={(site: UserSite) => (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <span>{site.name}</span>
              <CurrentChip site={site} />
            </Stack>
          )}
        />
        <DataTable.Col source="url" disableSort render={(site: UserSite) => <SiteAddress site={site} />} />
        <DataTable.Col source="role" disableSort render={(site: UserSite) => site.role.name} />
        <DataTable.Col source="service" disableSort render={(site: UserSite) => <PlanText site={site} />} />
        <DataTable.Col
          source="published"
          disableSort
          render={(site: UserSite) => <PublishedChip site={site} />}
        />
      </DataTable>
    </List>
  );
}
