/**
 * Title and subtitle: multi-line text areas that wrap long titles but hold one line (newlines typed or pasted are
 * removed). Enter moves on — unless an input method is composing, where Enter confirms the candidate.
 */
import { Box } from '@mui/material';
import { useTranslate } from 'ra-core';
import { type KeyboardEvent, type TextareaHTMLAttributes, useLayoutEffect, useRef } from 'react';
import { SUBTITLE_MAX, TITLE_MAX } from '../../../contract/contentConstants';
import { visuallyHidden } from '../../components/visuallyHidden';
import { useController, useWriter } from './state/context';
import { oneLine } from './state/draft';

const composing = (e: KeyboardEvent) => e.nativeEvent.isComposing || e.keyCode === 229;

/** A text area's height set to its text's. */
function fitHeight(area: HTMLTextAreaElement) {
  area.style.height = 'auto';
  area.style.height = `${area.scrollHeight}px`;
}

/**
 * A text area as tall as its text, from one line (styles.ts `.wr-titles textarea`): MUI's InputBase with `multiline`
 * did this with its form machinery, which the writer's first screen had no other use for (~5 kB gzip).
 */
function GrowingText({ value, ...props }: TextareaHTMLAttributes<HTMLTextAreaElement> & { value: string }) {
  const ref = useRef<HTMLTextAreaElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new text is what changes the height
  useLayoutEffect(() => {
    if (ref.current) fitHeight(ref.current);
  }, [value]);
  // A new width wraps the text anew (the window, the side panel).
  useLayoutEffect(() => {
    const area = ref.current;
    if (!area) return;
    let width = area.clientWidth;
    const observer = new ResizeObserver(() => {
      if (area.clientWidth === width) return;
      width = area.clientWidth;
      fitHeight(area);
    });
    observer.observe(area);
    return () => observer.disconnect();
  }, []);
  return <textarea ref={ref} rows={1} value={value} {...props} />;
}

export function TitleFields({ onEnterBody }: { onEnterBody: () => void }) {
  const translate = useTranslate();
  const controller = useController();
  const title = useWriter((s) => s.meta.title);
  const subtitle = useWriter((s) => s.meta.subtitle);
  const ready = useWriter((s) => s.phase === 'ready');
  const titleError = useWriter((s) => s.fieldErrors.title);

  const next = (target: 'subtitle' | 'body') => (e: KeyboardEvent) => {
    if (e.key !== 'Enter' || composing(e)) return;
    e.preventDefault();
    if (target === 'subtitle') document.getElementById('writer-subtitle')?.focus();
    else onEnterBody();
  };

  return (
    <div className="wr-titles">
      {/* The screen's heading for screen readers: the title being written (the field below shows it). */}
      <Box component="h1" sx={visuallyHidden}>
        {title || translate('writer.newItem', { type: translate(`writer.types.${controller.type}`) })}
      </Box>
      <GrowingText
        id="writer-title"
        className="wr-title"
        disabled={!ready}
        value={title}
        placeholder={translate('writer.fields.title')}
        onChange={(e) => controller.setMeta({ title: oneLine(e.target.value) })}
        onKeyDown={next('subtitle')}
        aria-label={translate('writer.fields.title')}
        aria-invalid={!!titleError}
        maxLength={TITLE_MAX}
        data-testid="writer-title"
      />
      {titleError && <div className="wr-field-error">{translate(titleError, { _: titleError })}</div>}
      <GrowingText
        id="writer-subtitle"
        className="wr-subtitle"
        disabled={!ready}
        value={subtitle}
        placeholder={translate('writer.fields.subtitle')}
        onChange={(e) => controller.setMeta({ subtitle: oneLine(e.target.value) })}
        onKeyDown={next('body')}
        aria-label={translate('writer.fields.subtitle')}
        maxLength={SUBTITLE_MAX}
      />
    </div>
  );
}
