/**
 * Pagination in windows of PAGE_WINDOW page buttons (SPEC §2): pages 1–5, then 6–10, … with a step to the previous
 * and next window.
 */
import { PAGE_WINDOW } from '../../contract/constants';

export interface PageWindow {
  pages: number[];
  /** First page of the previous window, or null at the first window. */
  prev: number | null;
  /** First page of the next window, or null at the last window. */
  next: number | null;
  totalPages: number;
}

export function pageWindow(
  page: number,
  total: number,
  perPage: number,
  size: number = PAGE_WINDOW,
): PageWindow {
  const totalPages = Math.max(1, Math.ceil(total / Math.max(1, perPage)));
  const current = Math.min(Math.max(1, page), totalPages);
  const start = Math.floor((current - 1) / size) * size + 1;
  const end = Math.min(start + size - 1, totalPages);
  const pages = Array.from({ length: end - start + 1 }, (_, i) => start + i);
  return {
    pages,
    prev: start > 1 ? start - size : null,
    next: end < totalPages ? end + 1 : null,
    totalPages,
  };
}
