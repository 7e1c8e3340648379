/**
 * A switch whose value is saved on the server when flipped: it shows the value asked for from the click until the
 * save settles (and the caller's onSuccess, which reads the saved value again, has finished), and is busy meanwhile.
 *
 * The asked value is React state set in the change event itself. The mutation's own `isPending`/`variables` reach
 * the component a timer later (TanStack Query notifies on a timeout), so a controlled switch reading them shows the
 * old value for a moment after the click.
 */
import { type UseMutationOptions, useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { ApiError } from '../dataProvider/client';

export function useSavedSwitch<T>(saved: boolean, options: UseMutationOptions<T, ApiError, boolean>) {
  const [asked, setAsked] = useState<boolean | null>(null);
  const mutation = useMutation<T, ApiError, boolean>({
    ...options,
    onSettled: (...args) => {
      setAsked(null);
      return options.onSettled?.(...args);
    },
  });
  return {
    checked: asked ?? saved,
    busy: asked !== null,
    onChange: (_event: unknown, checked: boolean) => {
      setAsked(checked);
      mutation.mutate(checked);
    },
  };
}
