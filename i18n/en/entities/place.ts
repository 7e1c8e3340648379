import type { DeepStrings } from '../../types';
import type source from '../../zh-TW/entities/place';

const place: DeepStrings<typeof source> = {
  resources: {
    place: {
      name: 'Place |||| Places',
      fields: {
        id: 'ID',
        name: 'Name',
        lang: 'Content per language',
        address: 'Address',
        hours: 'Opening hours',
        map_url: 'Map link',
        cover: 'Cover',
        created_at: 'Created',
        updated_at: 'Updated',
      },
      filters: {
        name: 'Search places',
      },
      hints: {
        map_url: 'A map address starting with http:// or https://, such as a Google Maps share link.',
        hours: 'For example: Mon–Fri 10:00–18:00',
      },
      empty: 'No places yet',
      emptyHint: 'Articles can link a place, and a shipping option can offer it for pickup.',
      create: 'New place',
      edit: 'Edit place',
      saved: 'Place saved',
      deleted: 'Place deleted',
      deleteTitle: 'Delete the place “%{name}”?',
      deleteBody: 'Articles and pickup options linking this place lose the link. This cannot be undone.',
      notFound: 'This place was not found; it may have been deleted.',
    },
  },
  place: {
    writer: {
      label: 'Place',
      placeholder: 'The place this article is about',
      none: 'No matching place',
    },
  },
};

export default place;
