/** The writer's side-panel fields: slug, abstract, cover, category, place, tags, authors. */
import AddPhotoIcon from '@mui/icons-material/AddPhotoAlternateOutlined';
import LibraryIcon from '@mui/icons-material/PhotoLibraryOutlined';
import {
  Autocomplete,
  Box,
  Button,
  ButtonBase,
  Chip,
  CircularProgress,
  InputAdornment,
  LinearProgress,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useCanAccess, useNotify, useTranslate } from 'ra-core';
import { type ChangeEvent, lazy, Suspense, useEffect, useRef, useState } from 'react';
import { DELAY, TAG_MIN_LENGTH } from '../../../../contract/constants';
import type { Named } from '../../../../contract/content';
import { SLUG_MAX, TAGS_MAX } from '../../../../contract/contentConstants';
import { IMAGE_TYPES } from '../../../../contract/files';
import { rules } from '../../../../contract/validation';
import { ImageCropper } from '../../../components/ImageCropper';
import { api, messageOf } from '../api';
import { uploadImage } from '../imageUpload';
import { useController, useWriter } from '../state/context';

const ImagePickerDialog = lazy(() => import('../../../components/ImagePickerDialog'));

/** A field error from the server (an i18n key or text) or a local rule, translated. */
function useErrorText() {
  const translate = useTranslate();
  return (error: string | { message: string; args?: object } | undefined) =>
    !error
      ? undefined
      : typeof error === 'string'
        ? translate(error, { _: error })
        : translate(error.message, error.args);
}

export function SlugField() {
  const translate = useTranslate();
  const errorText = useErrorText();
  const controller = useController();
  const slug = useWriter((s) => s.meta.slug);
  const serverError = useWriter((s) => s.fieldErrors.slug);
  const auto = useWriter((s) => s.slugAuto);
  const [localError, setLocalError] = useState<ReturnType<typeof rules.slug>>();
  useEffect(() => {
    const timer = setTimeout(() => setLocalError(slug === '' ? undefined : rules.slug(slug)), DELAY.validate);
    return () => clearTimeout(timer);
  }, [slug]);
  const normalize = async (value: string) => {
    if (value === '') return;
    const { slugify } = await import('../../../../contract/slug');
    const normal = slugify(value);
    if (normal !== value) controller.setMeta({ slug: normal }, { slugTouched: true });
  };
  const error = errorText(serverError) ?? errorText(localError);
  return (
    <TextField
      label={translate('writer.slug.label')}
      value={slug}
      size="small"
      fullWidth
      onChange={(e) =>
        controller.setMeta({ slug: e.target.value.toLowerCase().replace(/\s+/g, '-') }, { slugTouched: true })
      }
      onBlur={(e) => void normalize(e.target.value)}
      error={!!error}
      helperText={error ?? translate('writer.slug.helper')}
      slotProps={{
        htmlInput: { maxLength: SLUG_MAX, 'data-testid': 'writer-slug', spellCheck: false },
        input: {
          endAdornment: auto ? (
            <InputAdornment position="end">
              <Chip size="small" label={translate('writer.slug.auto')} variant="outlined" />
            </InputAdornment>
          ) : undefined,
        },
      }}
    />
  );
}

export function AbstractView() {
  const translate = useTranslate();
  const abstract = useWriter((s) => s.stats.abstract);
  const minutes = useWriter((s) => s.stats.minutes);
  const characters = useWriter((s) => s.stats.characters);
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="div" sx={{ mb: 0.5 }}>
        {translate('writer.abstract.label')}
      </Typography>
      <Typography
        variant="body2"
        color={abstract ? 'text.primary' : 'text.secondary'}
        data-testid="writer-abstract"
        sx={{ lineHeight: 1.7 }}
      >
        {abstract || translate('writer.abstract.empty')}
      </Typography>
      <Typography
        variant="caption"
        color="text.secondary"
        component="div"
        sx={{ mt: 1 }}
        data-testid="writer-reading"
      >
        {minutes > 0 ? translate('writer.readingTime', { n: minutes }) : translate('writer.readingTimeZero')}
        {' · '}
        {translate('writer.characters', { n: characters })}
      </Typography>
    </Box>
  );
}

export function CoverField() {
  const translate = useTranslate();
  const notify = useNotify();
  const controller = useController();
  const cover = useWriter((s) => s.meta.cover);
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState(0);
  const [picking, setPicking] = useState(false);
  const { canAccess: mayBrowse = false } = useCanAccess({ resource: 'file', action: 'list' });
  const [failed, setFailed] = useState<string | null>(null);
  const broken = cover !== '' && failed === cover;
  const input = useRef<HTMLInputElement>(null);
  const pick = (e: ChangeEvent<HTMLInputElement>) => {
    const chosen = e.target.files?.[0];
    e.target.value = '';
    if (!chosen) return;
    if (!(IMAGE_TYPES as readonly string[]).includes(chosen.type)) {
      notify('writer.image.badType', { type: 'warning' });
      return;
    }
    setFile(chosen);
  };
  const upload = async (blob: Blob) => {
    // The cropper closes at once, so that the progress bar under the cover shows the bytes going out.
    setFile(null);
    setBusy(true);
    setProgress(0);
    try {
      const reply = await uploadImage(blob, 'cover.jpg', { onProgress: setProgress });
      controller.setMeta({ cover: reply.path });
      notify('writer.cover.saved', { type: 'success' });
    } catch (error) {
      notify(messageOf(error), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="div" sx={{ mb: 0.75 }}>
        {translate('writer.cover.label')}
      </Typography>
      <ButtonBase
        onClick={() => input.current?.click()}
        disabled={busy}
        sx={{
          width: '100%',
          aspectRatio: '16 / 9',
          borderRadius: 1.5,
          overflow: 'hidden',
          border: '1px dashed',
          borderColor: cover ? 'transparent' : 'divider',
          bgcolor: 'grey.50',
          display: 'grid',
          placeItems: 'center',
          color: 'text.secondary',
        }}
        aria-label={translate(cover ? 'writer.cover.change' : 'writer.cover.upload')}
        data-testid="cover-button"
      >
        {cover && !broken ? (
          <img
            src={cover}
            alt=""
            onError={() => setFailed(cover)}
            style={{ width: '100%', height: '100%', objectFit: 'cover' }}
            data-testid="cover-image"
          />
        ) : (
          <Stack alignItems="center" spacing={0.5}>
            <AddPhotoIcon />
            <Typography variant="body2">
              {translate(broken ? 'writer.image.broken' : 'writer.cover.upload')}
            </Typography>
          </Stack>
        )}
      </ButtonBase>
      {busy ? (
        <Box role="status" aria-live="polite" sx={{ mt: 1 }} data-testid="cover-progress">
          <LinearProgress
            variant="determinate"
            value={progress}
            aria-label={translate('writer.cover.label')}
          />
          <Typography variant="caption" color="text.secondary">
            {translate('imageUpload.uploading', { percent: progress })}
          </Typography>
        </Box>
      ) : null}
      <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap' }}>
        {cover ? (
          <Button size="small" onClick={() => input.current?.click()}>
            {translate('writer.cover.change')}
          </Button>
        ) : null}
        {mayBrowse ? (
          <Button
            size="small"
            startIcon={<LibraryIcon />}
            onClick={() => setPicking(true)}
            data-testid="cover-library"
          >
            {translate('files.picker.open')}
          </Button>
        ) : null}
        {cover ? (
          <Button size="small" color="inherit" onClick={() => controller.setMeta({ cover: '' })}>
            {translate('writer.cover.remove')}
          </Button>
        ) : null}
      </Stack>
      {picking ? (
        <Suspense fallback={null}>
          <ImagePickerDialog
            current={cover}
            onClose={() => setPicking(false)}
            onPick={(path) => {
              setPicking(false);
              controller.setMeta({ cover: path });
            }}
          />
        </Suspense>
      ) : null}
      <input
        ref={input}
        type="file"
        hidden
        accept={IMAGE_TYPES.join(',')}
        onChange={pick}
        data-testid="cover-input"
      />
      <ImageCropper
        file={file}
        busy={busy}
        onCancel={() => setFile(null)}
        onDone={(blob) => void upload(blob)}
      />
    </Box>
  );
}

/** A pick of one of the site's named records (category, place) into the item's meta, clearable. */
function NamedPicker({
  load,
  metaKey,
  words,
  testId,
}: {
  load: () => Promise<{ rows: Named[] }>;
  metaKey: 'category_id' | 'place_id';
  /** The i18n prefix of `label`, `placeholder` and `none`. */
  words: string;
  testId?: string;
}) {
  const translate = useTranslate();
  const controller = useController();
  const selected = useWriter((s) => s.meta[metaKey]);
  const serverError = useWriter((s) => s.fieldErrors[metaKey]);
  const [options, setOptions] = useState<Named[]>([]);
  const [loading, setLoading] = useState(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the list is read once, when the panel opens
  useEffect(() => {
    load()
      .then((r) => setOptions(r.rows.map(({ id, name }) => ({ id, name }))))
      .catch(() => setOptions([]))
      .finally(() => setLoading(false));
  }, []);
  const value =
    options.find((o) => o.id === selected) ?? (selected ? { id: selected, name: `#${selected}` } : null);
  return (
    <Autocomplete
      size="small"
      options={options}
      value={value}
      loading={loading}
      getOptionLabel={(o) => o.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      noOptionsText={translate(`${words}.none`)}
      onChange={(_e, v) => controller.setMeta({ [metaKey]: v?.id ?? null })}
      renderInput={(params) => (
        <TextField
          {...params}
          label={translate(`${words}.label`)}
          placeholder={translate(`${words}.placeholder`)}
          error={!!serverError}
          helperText={serverError ? translate(serverError, { _: serverError }) : undefined}
          inputProps={testId ? { ...params.inputProps, 'data-testid': testId } : params.inputProps}
        />
      )}
    />
  );
}

export const CategoryField = () => (
  <NamedPicker load={api.categories} metaKey="category_id" words="writer.category" />
);

/** The place the item is about: one of the site's places (place/list), clearable. */
export const PlaceField = () => (
  <NamedPicker load={api.places} metaKey="place_id" words="place.writer" testId="writer-place" />
);

type TagChoice = Named & { create?: boolean };

export function TagsField() {
  const translate = useTranslate();
  const notify = useNotify();
  const controller = useController();
  const tags = useWriter((s) => s.meta.tag);
  const serverError = useWriter((s) => s.fieldErrors.tag);
  const [options, setOptions] = useState<Named[]>([]);
  const [input, setInput] = useState('');
  const [hint, setHint] = useState<string | undefined>();
  const [creating, setCreating] = useState(false);
  useEffect(() => {
    api
      .tags()
      .then(setOptions)
      .catch(() => setOptions([]));
  }, []);
  const full = tags.length >= TAGS_MAX;

  const add = async (choice: TagChoice | string) => {
    const name = (typeof choice === 'string' ? choice : choice.name).trim();
    if (full) return;
    const existing =
      options.find((o) => o.name === name) ??
      (typeof choice !== 'string' && !choice.create ? choice : undefined);
    if (existing) {
      if (!tags.some((t) => t.id === existing.id))
        controller.setMeta({ tag: [...tags, { id: existing.id, name: existing.name }] });
      setInput('');
      return;
    }
    if ([...name].length < TAG_MIN_LENGTH) {
      setHint(translate('writer.tags.tooShort', { n: TAG_MIN_LENGTH }));
      return;
    }
    setCreating(true);
    try {
      const tag = await api.saveTag(name);
      setOptions((list) => (list.some((o) => o.id === tag.id) ? list : [...list, tag]));
      const current = controller.getState().meta.tag;
      if (!current.some((t) => t.id === tag.id))
        controller.setMeta({ tag: [...current, { id: tag.id, name: tag.name }] });
      setInput('');
    } catch (error) {
      notify(messageOf(error), { type: 'error' });
    } finally {
      setCreating(false);
    }
  };

  const message = full
    ? translate('validation.tagsCheck', { n: TAGS_MAX })
    : serverError
      ? translate(serverError, { _: serverError })
      : hint;
  return (
    <Autocomplete<TagChoice, true, false, true>
      multiple
      freeSolo
      size="small"
      options={options}
      value={tags}
      inputValue={input}
      onInputChange={(_e, v, reason) => {
        if (reason !== 'reset') setInput(v);
        setHint(undefined);
      }}
      getOptionLabel={(o) => (typeof o === 'string' ? o : o.name)}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionDisabled={() => full}
      filterOptions={(list, state) => {
        const q = state.inputValue.trim();
        const chosen = new Set(tags.map((t) => t.id));
        const found: TagChoice[] = list.filter((o) => !chosen.has(o.id) && (q === '' || o.name.includes(q)));
        if ([...q].length >= TAG_MIN_LENGTH && !list.some((o) => o.name === q))
          found.push({ id: -1, name: q, create: true });
        return found;
      }}
      renderOption={(props, option) => {
        const { key, ...rest } = props as typeof props & { key: string };
        return (
          <li key={key} {...rest}>
            {option.create ? translate('writer.tags.create', { name: option.name }) : option.name}
          </li>
        );
      }}
      noOptionsText={translate('writer.tags.none')}
      onChange={(_e, value, reason, details) => {
        if (reason === 'selectOption' || reason === 'createOption') {
          const choice = details?.option;
          if (choice !== undefined) void add(choice);
          return;
        }
        // removal
        controller.setMeta({
          tag: value
            .filter((v): v is TagChoice => typeof v !== 'string')
            .map(({ id, name }) => ({ id, name })),
        });
      }}
      renderValue={(value, getItemProps) =>
        value.map((option, index) => {
          const { key, ...rest } = getItemProps({ index });
          return (
            <Chip
              key={key}
              size="small"
              label={typeof option === 'string' ? option : option.name}
              {...rest}
            />
          );
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label={translate('writer.tags.label')}
          placeholder={full ? undefined : translate('writer.tags.placeholder')}
          helperText={message}
          error={full || !!serverError}
          inputProps={{ ...params.inputProps, readOnly: full, 'data-testid': 'writer-tags' }}
          InputProps={{
            ...params.InputProps,
            endAdornment: (
              <>
                {creating && <CircularProgress size={16} />}
                {params.InputProps.endAdornment}
              </>
            ),
          }}
        />
      )}
    />
  );
}

export function AuthorsField() {
  const translate = useTranslate();
  const controller = useController();
  const ids = useWriter((s) => s.meta.author);
  const [options, setOptions] = useState<Named[]>([]);
  const [loading, setLoading] = useState(true);
  const asked = useRef(new Set<string>());
  // Loaded once, and again when the item names an author not in the list (e.g. the user's own, made on first use).
  const missing = loading ? '' : ids.filter((id) => !options.some((o) => o.id === id)).join(',');
  useEffect(() => {
    if (asked.current.has(missing)) return;
    asked.current.add(missing);
    api
      .authors()
      .then((r) => setOptions(r.rows))
      .catch(() => undefined)
      .finally(() => setLoading(false));
  }, [missing]);
  const value = ids.map((id) => options.find((o) => o.id === id) ?? { id, name: `#${id}` });
  return (
    <Autocomplete
      multiple
      size="small"
      options={options}
      value={value}
      loading={loading}
      getOptionLabel={(o) => o.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      noOptionsText={translate('writer.authors.none')}
      onChange={(_e, v) => controller.setMeta({ author: v.map((a) => a.id) })}
      renderValue={(value, getItemProps) =>
        value.map((option, index) => {
          const { key, ...rest } = getItemProps({ index });
          return <Chip key={key} size="small" label={option.name} {...rest} />;
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label={translate('writer.authors.label')}
          placeholder={ids.length ? undefined : translate('writer.authors.placeholder')}
        />
      )}
    />
  );
}
