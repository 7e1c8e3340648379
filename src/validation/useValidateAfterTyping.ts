/**
 * Runs a field's validation 500 ms after the user stops typing in it (SPEC §5), in any react-hook-form form —
 * react-admin's included. Submitting still validates everything at once and is blocked while a field is invalid.
 */
import { useEffect } from 'react';
import { type FieldValues, type UseFormReturn, useFormContext } from 'react-hook-form';
import { DELAY } from '../../contract/constants';

export function useValidateAfterTyping<T extends FieldValues>(
  form?: UseFormReturn<T>,
  delay: number = DELAY.validate,
) {
  const context = useFormContext<T>();
  const { watch, trigger } = form ?? context;
  useEffect(() => {
    const timers = new Map<string, ReturnType<typeof setTimeout>>();
    const subscription = watch((_values, { name, type }) => {
      if (!name || type !== 'change') return;
      clearTimeout(timers.get(name));
      timers.set(
        name,
        setTimeout(() => void trigger(name as never), delay),
      );
    });
    return () => {
      subscription.unsubscribe();
      for (const timer of timers.values()) clearTimeout(timer);
    };
  }, [watch, trigger, delay]);
}

/** A react-admin form child that turns on validation after typing. */
export function ValidateAfterTyping() {
  useValidateAfterTyping();
  return null;
}
