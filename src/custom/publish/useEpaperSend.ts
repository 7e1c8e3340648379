/**
 * The send screen's data: the latest send's progress (polled every 2 s while it is sending, or due to start; read
 * again on every load, so a reload shows where it is), the audience's count and the month's quota, the member tags.
 */
import { useQuery } from '@tanstack/react-query';
import { type EpaperAudienceInput, epaperSendApi } from '../../../contract/api/epaperSend';
import { call } from '../../dataProvider/client';

export const PROGRESS_POLL_MS = 2_000;

export const progressKey = (id: number) => ['epaper-progress', id];

export function useEpaperProgress(id: number) {
  return useQuery({
    queryKey: progressKey(id),
    queryFn: () => call(epaperSendApi.progress, { id }),
    refetchInterval: (q) => {
      const p = q.state.data;
      if (!p) return false;
      const due = p.status === 'scheduled' && p.scheduled_at && Date.parse(p.scheduled_at) <= Date.now();
      return p.status === 'sending' || due ? PROGRESS_POLL_MS : false;
    },
  });
}

export function useAudience(id: number, audience: EpaperAudienceInput | null) {
  return useQuery({
    queryKey: ['epaper-audience', id, audience],
    queryFn: () => call(epaperSendApi.audience, { id, audience: audience as EpaperAudienceInput }),
    enabled: audience !== null,
  });
}

export function useMemberTags() {
  return useQuery({ queryKey: ['epaper-tags'], queryFn: () => call(epaperSendApi.tags, {}) });
}
