/** The page tree of the /page screen (page/list) and the helpers its dialogs share. */
import { useQuery } from '@tanstack/react-query';
import { pageApi } from '../../../contract/api/pages';
import type { PageNode } from '../../../contract/pages';
import { call } from '../../dataProvider/client';

/** Under the `page` key: every change of the page resource (a delete, a publish) reloads it too. */
export const pageTreeKey = (categoryId: number | '') => ['page', 'tree', categoryId] as const;

export function usePageTree(categoryId: number | '') {
  return useQuery({
    queryKey: pageTreeKey(categoryId),
    queryFn: () => call(pageApi.list, categoryId === '' ? {} : { category_id: categoryId }),
  });
}

/** The tree as a list in display order, each with its depth (0: top level). */
export function flatten(nodes: PageNode[], depth = 0): { node: PageNode; depth: number }[] {
  return nodes.flatMap((node) => [{ node, depth }, ...flatten(node.children, depth + 1)]);
}

/** The ids of a node and everything under it. */
export function subtreeIds(node: PageNode): number[] {
  return [node.id, ...node.children.flatMap(subtreeIds)];
}
