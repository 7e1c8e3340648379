/**
 * /label and /label/:id (SPEC §2): tags and categories on one screen, one tab each, with the same lists as /tag and
 * /category (the generated entity list). The tab is part of the address (`?type=category`), so /label/:id opens that tab's edit modal.
 */
import { Box, Tab, Tabs } from '@mui/material';
import { useTranslate } from 'ra-core';
import { useNavigate, useSearchParams } from 'react-router';
import { LABEL_TYPES, type LabelType } from '../../../contract/labels';
import { EntityList } from '../../entities/EntityList';
import { labelOverrides } from './overrides';

export const labelTab = (value: string | null): LabelType => (value === 'category' ? 'category' : 'tag');

export default function LabelScreen() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const type = labelTab(params.get('type'));
  return (
    <Box sx={{ mt: 1 }}>
      <Tabs
        value={type}
        onChange={(_e, next: LabelType) => navigate(`/label?type=${next}`)}
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        {LABEL_TYPES.map((t) => (
          <Tab key={t} value={t} label={translate(`labels.tabs.${t}`)} data-testid={`label-tab-${t}`} />
        ))}
      </Tabs>
      <EntityList
        key={type}
        resource={type}
        overrides={labelOverrides}
        basePath="/label"
        search={`?type=${type}`}
        title="labels.title"
        embedded
      />
    </Box>
  );
}
