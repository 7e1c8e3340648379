/**
 * Runs a field's validation 500 ms after the user stops typing in it (SPEC §5), in any react-hook-form form —
 * react-admin's included. Submitting still validates everything at once and is blocked while a field is invalid; a
 * submit also cancels pending checks, so they cannot clear the errors the server sends back.
 */
import { useEffect, useRef } from 'react';
import { type FieldValues, type UseFormReturn, useFormContext, useFormState } from 'react-hook-form';
import { DELAY } from '../../contract/constants';

export function useValidateAfterTyping<T extends FieldValues>(
  form?: UseFormReturn<T>,
  delay: number = DELAY.validate,
) {
  const context = useFormContext<T>();
  const { watch, trigger, control } = form ?? context;
  const { isSubmitting } = useFormState({ control });
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());

  useEffect(() => {
    if (!isSubmitting) return;
    for (const timer of timers.current.values()) clearTimeout(timer);
    timers.current.clear();
  }, [isSubmitting]);

  useEffect(() => {
    const pending = timers.current;
    const subscription = watch((_values, { name, type }) => {
      if (!name || type !== 'change') return;
      clearTimeout(pending.get(name));
      pending.set(
        name,
        setTimeout(() => {
          pending.delete(name);
          void trigger(name as never);
        }, delay),
      );
    });
    return () => {
      subscription.unsubscribe();
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
    };
  }, [watch, trigger, delay]);
}

/** A react-admin form child that turns on validation after typing. */
export function ValidateAfterTyping() {
  useValidateAfterTyping();
  return null;
}
