/** SEO title and description, with counters and a search-result preview. */
import { Box, Stack, TextField, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { SEO_DESCRIPTION_MAX, SEO_TITLE_MAX } from '../../../../contract/contentConstants';
import { charCount } from '../../../../contract/validation';
import { useController, useWriter } from '../state/context';

function Counter({ n, max }: { n: number; max: number }) {
  const translate = useTranslate();
  return (
    <Box component="span" sx={{ color: n > max ? 'error.main' : 'text.secondary' }} data-testid="seo-counter">
      {translate('writer.seo.count', { n, max })}
    </Box>
  );
}

export function SeoPanel() {
  const translate = useTranslate();
  const controller = useController();
  const seo = useWriter((s) => s.meta.seo);
  const title = useWriter((s) => s.meta.title);
  const abstract = useWriter((s) => s.stats.abstract);
  const errors = useWriter((s) => s.fieldErrors);
  const url = useWriter((s) => s.info.url);
  const slug = useWriter((s) => s.meta.slug);
  const titleCount = charCount(seo.title);
  const descCount = charCount(seo.content);
  const errorOf = (key: string, n: number, max: number) =>
    errors[key]
      ? translate(errors[key], { _: errors[key] })
      : n > max
        ? translate('validation.maxLength', { n: max })
        : undefined;
  const titleError = errorOf('seo.title', titleCount, SEO_TITLE_MAX);
  const descError = errorOf('seo.content', descCount, SEO_DESCRIPTION_MAX);
  return (
    <Stack spacing={3}>
      <TextField
        label={translate('writer.seo.title')}
        value={seo.title}
        size="small"
        fullWidth
        placeholder={title}
        onChange={(e) =>
          controller.setMeta({ seo: { ...seo, title: e.target.value.replace(/[\r\n]+/g, ' ') } })
        }
        error={!!titleError}
        helperText={
          <Box component="span" sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
            <span>{titleError ?? translate('writer.seo.fallback')}</span>
            <Counter n={titleCount} max={SEO_TITLE_MAX} />
          </Box>
        }
        slotProps={{ htmlInput: { 'data-testid': 'seo-title' } }}
      />
      <TextField
        label={translate('writer.seo.description')}
        value={seo.content}
        size="small"
        fullWidth
        multiline
        minRows={3}
        placeholder={abstract}
        onChange={(e) => controller.setMeta({ seo: { ...seo, content: e.target.value } })}
        error={!!descError}
        helperText={
          <Box component="span" sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
            <span>{descError ?? ''}</span>
            <Counter n={descCount} max={SEO_DESCRIPTION_MAX} />
          </Box>
        }
        slotProps={{ htmlInput: { 'data-testid': 'seo-description' } }}
      />
      <Box>
        <Typography variant="caption" color="text.secondary">
          {translate('writer.seo.preview')}
        </Typography>
        <Box
          sx={{
            mt: 1,
            p: 2,
            borderRadius: 1.5,
            bgcolor: 'grey.50',
            border: '1px solid',
            borderColor: 'divider',
          }}
        >
          <Typography variant="caption" color="success.dark" sx={{ wordBreak: 'break-all' }} component="div">
            {url || (slug ? `/${slug}` : '/')}
          </Typography>
          <Typography sx={{ color: '#1a0dab', fontSize: 17, lineHeight: 1.3, mt: 0.5 }}>
            {seo.title || title || translate('writer.fields.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {seo.content || abstract}
          </Typography>
        </Box>
      </Box>
    </Stack>
  );
}
