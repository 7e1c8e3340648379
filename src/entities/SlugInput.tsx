import { useTranslate } from 'ra-core';
import { useEffect, useState } from 'react';
import { TextInput } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { DELAY } from '../../contract/constants';
import { loadSlugify } from './view';

/**
 * A slug: made with pinyin from its `from` field a moment after that changes, until the user types one of their own
 * (clearing it hands it back); whatever is typed is normalised to the slug rule on leaving the field. `hint` words
 * the helper text for either state.
 */
export function SlugInput({
  from,
  hint,
  ...props
}: { source: string; from?: string; hint?: (own: boolean) => string } & Omit<
  Parameters<typeof TextInput>[0],
  'source'
>) {
  const { source } = props;
  const translate = useTranslate();
  const { setValue, getValues } = useFormContext();
  const [own, setOwn] = useState(() => Boolean(getValues(source)));
  const origin = useWatch({ name: from ?? source }) as string | null;

  useEffect(() => {
    if (own || !from) return;
    let live = true;
    const timer = setTimeout(async () => {
      const text = (origin ?? '').trim();
      const next = text ? (await loadSlugify())(text) : '';
      if (live && (getValues(source) ?? '') !== next)
        setValue(source, next, { shouldDirty: true, shouldValidate: true });
    }, DELAY.slugFromTitle);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [origin, own, from, source, getValues, setValue]);

  const normalise = async (typed: string) => {
    if (!typed) return;
    const next = (await loadSlugify())(typed);
    if (next !== getValues(source)) setValue(source, next, { shouldDirty: true, shouldValidate: true });
  };

  return (
    <TextInput
      {...props}
      helperText={hint ? translate(hint(own)) : props.helperText}
      parse={(v: string) => v}
      onChange={(e: { target: { value: string } }) => setOwn(e.target.value.trim() !== '')}
      onBlur={(e: { target: { value: string } }) => void normalise(e.target.value.trim())}
    />
  );
}
