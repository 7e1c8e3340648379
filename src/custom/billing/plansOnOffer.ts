/**
 * The plans on offer (`service/collection`) and their words in the interface language: what the plan cards
 * (PlanCards.tsx) and the shell's plan prompt (layout/PlanNeeded.tsx) read. Apart from the cards, so that the shell
 * loads neither the cards nor their icons.
 */
import { useQuery } from '@tanstack/react-query';
import { useLocaleState } from 'ra-core';
import { planApi } from '../../../contract/api/plans';
import { call } from '../../dataProvider/client';

/** The plans change only when an operator edits them; one query key for every screen showing them. */
export const PLAN_CARDS_KEY = ['service', 'collection'];

export function usePlanCards(enabled = true) {
  return useQuery({
    queryKey: PLAN_CARDS_KEY,
    queryFn: () => call(planApi.collection),
    enabled,
    staleTime: 20 * 60_000,
  });
}

/** The plan's own title or helper text in the interface language (rows carry tw and en: zh-TW reads tw, others en). */
export function usePlanText() {
  const [locale] = useLocaleState();
  return (text: { tw: string; en: string }) => (locale === 'zh-TW' ? text.tw : text.en) || text.tw;
}
