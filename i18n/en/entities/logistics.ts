import type { DeepStrings } from '../../types';
import type source from '../../zh-TW/entities/logistics';

const logistics: DeepStrings<typeof source> = {
  resources: {
    logistics: {
      name: 'Shipping option |||| Shipping options',
      fields: {
        id: 'ID',
        name: 'Name',
        description: 'Description',
        content: 'Shipping notes',
        fee: 'Fee',
        free_threshold: 'Free shipping from',
        place_id: 'Pickup place',
        status: 'Status',
        status_online: 'Active',
        status_offline: 'Inactive',
        created_at: 'Created',
        updated_at: 'Updated',
      },
      filters: {
        name: 'Search shipping options',
      },
      hints: {
        description: 'Shown under the option at checkout.',
        free_threshold: 'Orders of at least this amount ship free; 0 means never free',
        place_id: 'With a place, this is pickup at that place; the cart shows its name and address.',
      },
      empty: 'No shipping options yet',
      emptyHint: 'At checkout, buyers choose one of the active shipping options.',
      create: 'New shipping option',
      edit: 'Edit shipping option',
      saved: 'Shipping option saved',
      deleted: 'Shipping option deleted',
      deleteTitle: 'Delete the shipping option “%{name}”?',
      deleteBody: 'Orders already placed keep their option and fee. This cannot be undone.',
      notFound: 'This shipping option was not found; it may have been deleted.',
    },
  },
};

export default logistics;
