/**
 * Title and subtitle: multi-line text areas that wrap long titles but hold one line (newlines typed or pasted are
 * removed). Enter moves on — unless an input method is composing, where Enter confirms the candidate.
 */
import { Box, InputBase } from '@mui/material';
import { useTranslate } from 'ra-core';
import type { KeyboardEvent } from 'react';
import { SUBTITLE_MAX, TITLE_MAX } from '../../../contract/contentConstants';
import { visuallyHidden } from '../../components/visuallyHidden';
import { useController, useWriter } from './state/context';
import { oneLine } from './state/draft';

const composing = (e: KeyboardEvent) => e.nativeEvent.isComposing || e.keyCode === 229;

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
      <InputBase
        id="writer-title"
        multiline
        fullWidth
        disabled={!ready}
        value={title}
        placeholder={translate('writer.fields.title')}
        onChange={(e) => controller.setMeta({ title: oneLine(e.target.value) })}
        onKeyDown={next('subtitle')}
        inputProps={{
          'aria-label': translate('writer.fields.title'),
          maxLength: TITLE_MAX,
          'data-testid': 'writer-title',
        }}
        className="wr-title"
        error={!!titleError}
      />
      {titleError && <div className="wr-field-error">{translate(titleError, { _: titleError })}</div>}
      <InputBase
        id="writer-subtitle"
        multiline
        fullWidth
        disabled={!ready}
        value={subtitle}
        placeholder={translate('writer.fields.subtitle')}
        onChange={(e) => controller.setMeta({ subtitle: oneLine(e.target.value) })}
        onKeyDown={next('body')}
        inputProps={{ 'aria-label': translate('writer.fields.subtitle'), maxLength: SUBTITLE_MAX }}
        className="wr-subtitle"
      />
    </div>
  );
}
