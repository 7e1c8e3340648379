import type { DeepStrings } from '../../types';
import type source from '../../zh-TW/entities/goods';

const goods: DeepStrings<typeof source> = {
  resources: {
    goods: {
      name: 'Product |||| Products',
      fields: {
        id: 'ID',
        cover: 'Cover',
        name: 'Name',
        slug: 'Slug',
        intro: 'Summary',
        content: 'Description',
        gallery: 'Pictures',
        status: 'Status',
        status_online: 'On sale',
        status_offline: 'Off sale',
        tags: 'Tags',
        skus: 'Variants (SKUs)',
        code: 'SKU code',
        price: 'Price',
        qty: 'Available',
        shift: 'Ships in (days)',
        prices: 'Price',
        stock: 'Stock',
        stock_alert: 'Stock alert',
        created_at: 'Created',
        updated_at: 'Updated',
      },
      filters: {
        name: 'Search product names',
      },
      hints: {
        slug: 'Left empty, it is made from the name.',
        gallery: 'Up to 20, shown in this order on the product page.',
        shift: 'Days after payment within which it ships (0 = in stock)',
        qty: 'Units you can still sell; units held by orders are not counted.',
        code: 'Letters, digits, -, _ or .; unique across the site.',
      },
      alert: {
        out: 'Out of stock',
        low: 'Low stock',
      },
      sku: {
        add: 'Add variant',
        create: 'New variant',
        edit: 'Edit variant',
        empty: 'No variants yet: add at least one to sell this product.',
        remove: 'Remove variant',
        done: 'OK',
        shipsNow: 'In stock',
        shipsIn: 'Ships within %{smart_count} day |||| Ships within %{smart_count} days',
        duplicate: 'Another variant of this product already has this SKU code.',
      },
      bulk: {
        online: 'Put on sale',
        offline: 'Take off sale',
        done: '%{smart_count} product updated |||| %{smart_count} products updated',
      },
      empty: 'No products yet',
      emptyHint: 'Add a product and its variants to sell it on your site.',
      create: 'New product',
      edit: 'Edit product',
      saved: 'Product saved',
      deleted: 'Product deleted',
      deleteTitle: 'Delete the product “%{name}”?',
      deleteBody:
        'The product and its variants are deleted; orders already placed keep their copy of it. This cannot be undone.',
      notFound: 'This product was not found; it may have been deleted.',
    },
  },
};

export default goods;
