/** Which status chips an item shows (SPEC §4): its status, and 'draft changed' on a published item. */
import { STATUS } from '../../../contract/contentConstants';

export type ChipColor = 'default' | 'success' | 'info' | 'warning' | 'error';

export interface StatusChip {
  /** i18n key under content.status */
  key: 'draft' | 'published' | 'scheduled' | 'deleted' | 'draftChanged';
  color: ChipColor;
}

const byStatus: Record<number, StatusChip> = {
  [STATUS.DRAFT]: { key: 'draft', color: 'default' },
  [STATUS.PUBLISHED]: { key: 'published', color: 'success' },
  [STATUS.SCHEDULED]: { key: 'scheduled', color: 'info' },
  [STATUS.DELETED]: { key: 'deleted', color: 'error' },
};

export function statusChips(item: { status: number; is_draft_changed?: boolean }): StatusChip[] {
  const main = byStatus[item.status] ?? byStatus[STATUS.DRAFT];
  const changed: StatusChip[] =
    item.is_draft_changed && item.status !== STATUS.DRAFT ? [{ key: 'draftChanged', color: 'warning' }] : [];
  return [main, ...changed];
}

/** What can be undone from a status: take a published item offline, cancel a schedule. */
export function withdrawalOf(status: number): 'offline' | 'cancel' | undefined {
  if (status === STATUS.PUBLISHED) return 'offline';
  if (status === STATUS.SCHEDULED) return 'cancel';
  return undefined;
}
