/**
 * A filter panel's section of many choices (tags, categories, authors): its list scrolls within 240 px. The list
 * itself scrolls, so its items stay its own children (a box between them breaks the list for assistive technology).
 */
import { FilterList, type FilterListProps } from 'react-admin';

export function LongFilterList(props: FilterListProps) {
  return <FilterList {...props} sx={{ '& .MuiList-root': { maxHeight: 240, overflowY: 'auto' } }} />;
}
