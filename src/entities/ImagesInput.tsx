/**
 * The input of an `images` field (a gallery): the pictures in order, each removable, and an upload (or a pick from
 * the library) that adds one, up to `max`. The form holds the images' paths.
 */
import DeleteIcon from '@mui/icons-material/Close';
import { Box, FormHelperText, IconButton, Stack, Typography } from '@mui/material';
import { FieldTitle, useInput, useResourceContext, useTranslate, ValidationError } from 'ra-core';
import { ImageUpload } from '../components/ImageUpload';

const pathsOf = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((p): p is string => typeof p === 'string') : [];

export interface ImagesInputProps {
  source: string;
  label: string;
  helperText?: string;
  max: number;
  testId?: string;
  validate?: (value: unknown) => unknown;
}

export function ImagesInput({ source, label, helperText, max, testId, validate }: ImagesInputProps) {
  const translate = useTranslate();
  const resource = useResourceContext();
  const { field, fieldState } = useInput({ source, validate: validate as never, format: pathsOf });
  const paths = pathsOf(field.value);
  const error = fieldState.error?.message;
  const set = (next: string[]) => {
    field.onChange(next);
    field.onBlur();
  };
  return (
    <Box sx={{ mb: 2 }} data-testid={`${source}-images`}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        <FieldTitle label={label} source={source} resource={resource} />
      </Typography>
      {paths.length ? (
        <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1, mb: 1 }}>
          {paths.map((path, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: stateless thumbnails, and a picture may be there twice
            <Box key={`${path}-${i}`} sx={{ position: 'relative', width: 96, height: 96 }}>
              <Box
                component="img"
                src={path}
                alt={`${translate(label)} ${i + 1}`}
                sx={{ width: 96, height: 96, objectFit: 'cover', borderRadius: 1, bgcolor: 'action.hover' }}
              />
              <IconButton
                size="small"
                aria-label={translate('imageUpload.remove')}
                onClick={() => set(paths.filter((_, j) => j !== i))}
                sx={{ position: 'absolute', top: 2, right: 2, bgcolor: 'background.paper' }}
              >
                <DeleteIcon fontSize="small" />
              </IconButton>
            </Box>
          ))}
        </Stack>
      ) : null}
      {paths.length < max ? (
        <ImageUpload value="" onChange={(path) => path && set([...paths, path])} testId={testId} />
      ) : null}
      {error ? (
        <FormHelperText error>
          <ValidationError error={error} />
        </FormHelperText>
      ) : helperText ? (
        <FormHelperText>{helperText}</FormHelperText>
      ) : null}
    </Box>
  );
}

export default ImagesInput;
