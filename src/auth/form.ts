/**
 * The sign-in screens' form state: what they used of react-hook-form (about 14 kB gzip of the sign-in page), with the
 * same behaviour. A field is checked 500 ms after the user stops typing in it (SPEC §5, as useValidateAfterTyping
 * does in the admin's forms) and, once the form has been submitted, at every change (react-hook-form's
 * `reValidateMode: 'onChange'`). Submitting checks every shown field at once, cancels pending checks (so they
 * cannot clear the errors the server sends back) and calls on only when all pass. A server error stays under its
 * field until the field is checked again.
 */
import { type FormEvent, useEffect, useReducer, useRef } from 'react';
import { DELAY } from '../../contract/constants';

export type Values = Record<string, unknown>;
/** A field's check: true, or the (translated) message to show. */
export type Check = (value: unknown, all: Values) => string | true;

export class FormState<T extends Values> {
  values: T;
  errors: Partial<Record<keyof T & string, string>> = {};
  private readonly checks = new Map<keyof T & string, Check>();
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();
  private submitted = false;

  constructor(
    private readonly defaults: T,
    private readonly update: () => void,
    private readonly delay: number,
  ) {
    this.values = { ...defaults };
  }

  /** Called by a shown field on every render (its check may change); `unwatch` when it goes. */
  watch(name: keyof T & string, check: Check) {
    this.checks.set(name, check);
  }

  /** A field no longer shown keeps its value but is no longer checked. */
  unwatch(name: keyof T & string) {
    this.checks.delete(name);
  }

  private check(name: keyof T & string): boolean {
    const verdict = this.checks.get(name)?.(this.values[name], this.values) ?? true;
    if (verdict === true) delete this.errors[name];
    else this.errors[name] = verdict;
    return verdict === true;
  }

  private cancel(name: string) {
    clearTimeout(this.timers.get(name));
    this.timers.delete(name);
  }

  change(name: keyof T & string, value: unknown) {
    this.values = { ...this.values, [name]: value };
    this.cancel(name);
    if (this.submitted) this.check(name);
    this.timers.set(
      name,
      setTimeout(() => {
        this.timers.delete(name);
        this.check(name);
        this.update();
      }, this.delay),
    );
    this.update();
  }

  setError(name: keyof T & string, error: { type?: string; message: string }) {
    this.errors[name] = error.message;
    this.update();
  }

  getValues<K extends keyof T & string>(name: K): T[K] {
    return this.values[name];
  }

  resetField(name: keyof T & string) {
    this.cancel(name);
    this.values = { ...this.values, [name]: this.defaults[name] };
    delete this.errors[name];
    this.update();
  }

  /** A checkbox bound to a boolean value. */
  register(name: keyof T & string) {
    return {
      name,
      checked: Boolean(this.values[name]),
      onChange: (event: { target: { checked: boolean } }) => this.change(name, event.target.checked),
    };
  }

  handleSubmit(onValid: (values: T) => unknown) {
    return async (event?: FormEvent) => {
      event?.preventDefault();
      for (const name of [...this.timers.keys()]) this.cancel(name);
      this.submitted = true;
      let valid = true;
      for (const name of this.checks.keys()) valid = this.check(name) && valid;
      this.update();
      if (valid) await onValid({ ...this.values });
    };
  }

  dispose() {
    for (const name of [...this.timers.keys()]) this.cancel(name);
  }
}

export function useForm<T extends Values>(defaults: T, delay: number = DELAY.validate): FormState<T> {
  const [, render] = useReducer((n: number) => n + 1, 0);
  const form = useRef<FormState<T>>(null);
  if (!form.current) form.current = new FormState(defaults, render, delay);
  const state = form.current;
  useEffect(() => () => state.dispose(), [state]);
  return state;
}
