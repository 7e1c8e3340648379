/** Category list: keyword filter panel, sortable columns, windowed pagination, bulk delete. */
import { Card, CardContent } from '@mui/material';
import { CreateButton, DataTable, EditButton, FilterLiveSearch, List, TopToolbar } from 'react-admin';
import { ListEmpty } from '../../components/ListEmpty';
import { LocalDateField } from '../../components/LocalDateField';
import { WindowPagination } from '../../components/WindowPagination';

/** The filter panel beside the list. Filters are remembered per route (the app store keeps list params). */
function CategoryFilters() {
  return (
    <Card sx={{ order: -1, mr: 2, mt: 8, width: 240, flexShrink: 0, display: { xs: 'none', md: 'block' } }}>
      <CardContent>
        <FilterLiveSearch source="q" label="resources.category.filters.keyword" />
      </CardContent>
    </Card>
  );
}

function ListActions() {
  return (
    <TopToolbar>
      <CreateButton />
    </TopToolbar>
  );
}

export default function CategoryList() {
  return (
    <List
      aside={<CategoryFilters />}
      actions={<ListActions />}
      pagination={<WindowPagination />}
      perPage={10}
      sort={{ field: 'id', order: 'DESC' }}
      empty={<ListEmpty resource="category" />}
    >
      <DataTable rowClick="edit">
        <DataTable.Col source="id" />
        <DataTable.Col source="name" />
        <DataTable.Col source="created_at" field={LocalDateField} />
        <DataTable.Col source="updated_at" field={LocalDateField} />
        <DataTable.Col label={false}>
          <EditButton />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
