/**
 * The filter panel beside a content list: keyword, status, category, tag and author. react-admin keeps the chosen
 * filters per route in the app store, so they are there again on return.
 */
import CategoryIcon from '@mui/icons-material/CategoryOutlined';
import LocalOfferIcon from '@mui/icons-material/LocalOfferOutlined';
import FlagIcon from '@mui/icons-material/OutlinedFlag';
import PersonIcon from '@mui/icons-material/PersonOutline';
import { useTranslate } from 'ra-core';
import type { ReactNode } from 'react';
import { FilterList, FilterListItem } from 'react-admin';
import { STATUS } from '../../../contract/contentConstants';
import { LongFilterList } from '../../components/LongFilterList';
import { FilterPanel } from '../../components/lists';
import type { ChoiceSource } from './choices';
import { useChoices } from './useChoices';

function StatusFilter() {
  const translate = useTranslate();
  const items = [
    { key: 'draft', value: STATUS.DRAFT },
    { key: 'published', value: STATUS.PUBLISHED },
    { key: 'scheduled', value: STATUS.SCHEDULED },
  ];
  return (
    <FilterList label="content.filters.status" icon={<FlagIcon />}>
      {items.map((item) => (
        <FilterListItem
          key={item.key}
          label={translate(`content.status.${item.key}`)}
          value={{ status: item.value }}
        />
      ))}
    </FilterList>
  );
}

const choiceFilters: { source: ChoiceSource; filter: string; icon: ReactNode }[] = [
  { source: 'category', filter: 'category_id', icon: <CategoryIcon /> },
  { source: 'tag', filter: 'tag', icon: <LocalOfferIcon /> },
  { source: 'author', filter: 'author', icon: <PersonIcon /> },
];

/** One section of choices; hidden while there are none (or the list could not be read). */
function ChoiceFilter({ source, filter, icon }: (typeof choiceFilters)[number]) {
  const { data } = useChoices(source);
  if (!data?.length) return null;
  return (
    <LongFilterList label={`content.filters.${source}`} icon={icon}>
      {data.map((choice) => (
        // An element, not a string: a name is never looked up as a translation key.
        <FilterListItem key={choice.id} label={<span>{choice.name}</span>} value={{ [filter]: choice.id }} />
      ))}
    </LongFilterList>
  );
}

export function ContentFilters() {
  return (
    <FilterPanel
      search={{ source: 'keyword', label: 'content.filters.keyword' }}
      data-testid="content-filters"
    >
      <StatusFilter />
      {choiceFilters.map((f) => (
        <ChoiceFilter key={f.source} {...f} />
      ))}
    </FilterPanel>
  );
}
