/**
 * What the publish setting screen sends for each choice (SPEC §4): publish now (mode 1), schedule (mode 2 with the
 * site's date and time), update (the current status again, with its date and time), take offline or cancel a
 * schedule (mode 0) — and which words confirm it, thank for it and report its failure.
 */
import { PUBLISH_MODE, STATUS } from '../../../contract/contentConstants';
import type { WallTime } from '../../../contract/zoned';
import type { PublishRequest } from './usePublish';

export type Confirmation = 'publish' | 'schedule' | 'update' | 'offline' | 'cancel';

export interface PublishChoice extends PublishRequest {
  confirm: Confirmation;
}

export interface SettingValues extends WallTime {
  mode: 'now' | 'schedule';
}

/** The form's choice for a draft or a scheduled item. */
export function choiceOf(item: { id: number; status: number }, values: SettingValues): PublishChoice {
  const rescheduling = item.status === STATUS.SCHEDULED;
  if (values.mode === 'now') {
    return {
      input: { id: item.id, mode: PUBLISH_MODE.NOW },
      words: { done: 'publish', failed: 'publish' },
      confirm: 'publish',
    };
  }
  return {
    input: { id: item.id, mode: PUBLISH_MODE.SCHEDULE, date: values.date, time: values.time },
    words: { done: rescheduling ? 'update' : 'schedule', failed: 'schedule' },
    confirm: 'schedule',
  };
}

/** 'Update' of a published item: publish again, keeping its publish date and time. */
export function updateOf(item: { id: number }, when: WallTime | undefined): PublishChoice {
  return {
    input: { id: item.id, mode: PUBLISH_MODE.NOW, ...(when ?? {}) },
    words: { done: 'update', failed: 'publish' },
    confirm: 'update',
  };
}

/** Take a published item offline, or cancel a schedule. */
export function withdrawalChoice(item: { id: number }, action: 'offline' | 'cancel'): PublishChoice {
  return {
    input: { id: item.id, mode: PUBLISH_MODE.OFFLINE },
    words: { done: action, failed: action },
    confirm: action,
  };
}
