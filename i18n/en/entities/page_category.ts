/** en words: page categories (the page_category entity, contract/entities/page_category.ts). */
const pageCategory = {
  resources: {
    page_category: {
      name: 'Page category |||| Page categories',
      fields: {
        id: 'ID',
        name: 'Name',
        lang: 'Name per language',
        title: 'Name',
        sort: 'Order',
        created_at: 'Created',
        updated_at: 'Updated',
      },
      filters: {
        name: 'Search page categories',
      },
      hints: {
        sort: 'Lower numbers come first.',
      },
      empty: 'No page categories yet',
      emptyHint: 'Page categories group static pages; the page list can be filtered by them.',
      create: 'New page category',
      edit: 'Edit page category',
      saved: 'Page category saved',
      deleted: 'Page category deleted',
      deleteTitle: 'Delete the page category "%{name}"?',
      deleteBody: 'Its pages become uncategorised; the pages themselves are kept. This cannot be undone.',
      notFound: 'This page category was not found; it may have been deleted.',
    },
  },
};

export default pageCategory;
