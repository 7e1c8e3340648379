import type { DeepStrings } from '../types';
import type labelsSource from '../zh-TW/labels';

const labels: DeepStrings<typeof labelsSource> = {
  resources: {
    category: {
      name: 'Category |||| Categories',
      fields: {
        id: 'ID',
        name: 'Name',
        created_at: 'Created',
        updated_at: 'Updated',
        q: 'Keyword',
      },
      filters: {
        title: 'Filters',
        keyword: 'Search category names',
      },
      empty: 'No categories yet',
      emptyHint: 'Categories help readers find articles on one subject.',
    },
  },
};

export default labels;
