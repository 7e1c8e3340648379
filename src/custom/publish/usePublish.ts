/**
 * Publishing from the publish flow: `press/publish?t=` (120 s timeout), then the lists reload and the flow moves
 * on — an e-paper published now to its send screen, anything else to the success screen with the public url.
 * Taking offline or cancelling a schedule goes back to the list.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { PUBLISH_MODE } from '../../../contract/contentConstants';
import { type PublishInput, publish } from '../../resources/content/api';
import type { TypedAction } from '../../resources/content/failure';
import { type ContentKind, listPath, publishPath, sendPath } from '../../resources/content/kinds';
import { useContentNotify } from '../../resources/content/useContentNotify';

/** The words of a publish call: success under content.done, failure under content.failed.<type>. */
export interface PublishRequest {
  input: PublishInput;
  words: { done: 'publish' | 'schedule' | 'update' | 'offline' | 'cancel'; failed: TypedAction };
}

export function usePublish(kind: ContentKind) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { done, failed } = useContentNotify(kind);
  return useMutation({
    mutationFn: ({ input }: PublishRequest) => publish(kind, input),
    onSuccess: async (reply, { input, words }) => {
      done(words.done);
      await queryClient.invalidateQueries({ queryKey: [kind.resource] });
      if (input.mode === PUBLISH_MODE.OFFLINE) navigate(listPath(kind));
      else if (kind.type === 'epaper' && input.mode === PUBLISH_MODE.NOW) navigate(sendPath(input.id));
      else navigate(publishPath(kind, input.id, 'success'), { state: { url: reply.url } });
    },
    onError: (error, { words }) => failed(words.failed, error),
  });
}
