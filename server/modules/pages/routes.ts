/** `/api/page/*`: the page tree, tabs and navigation (contract/api/pages.ts), in the caller's content sight. */
import { pageApi } from '../../../contract/api/pages';
import { action } from '../../http/action';
import { viewerOf } from '../content/scope';
import * as pages from './service';

export const pageActions = [
  action({ ...pageApi.list, handler: (input, ctx) => pages.listPages(viewerOf(ctx), input) }),
  action({ ...pageApi.children, handler: (input, ctx) => pages.pageChildren(viewerOf(ctx), input) }),
  action({ ...pageApi.get, handler: (input, ctx) => pages.getPage(viewerOf(ctx), input) }),
  action({ ...pageApi.save, handler: (input, ctx) => pages.savePage(viewerOf(ctx), input) }),
  action({ ...pageApi.setTab, handler: (input, ctx) => pages.setTabs(viewerOf(ctx), input) }),
  action({ ...pageApi.getTab, handler: (input, ctx) => pages.getTabs(viewerOf(ctx), input) }),
  action({ ...pageApi.active, handler: (input, ctx) => pages.setActive(viewerOf(ctx), input) }),
];
