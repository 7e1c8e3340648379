/**
 * Tags as chips (SPEC §9 tag input): type a tag and press Enter (or a comma); a tag needs at least 2 characters, at
 * most 30, and 20 tags at most. Suggestions are the members' tags in use.
 */
import { Autocomplete, Chip, TextField } from '@mui/material';
import { useTranslate } from 'ra-core';
import { useState } from 'react';
import { MEMBER_TAG_MAX, MEMBER_TAG_MIN, MEMBER_TAGS_MAX } from '../../../contract/members';
import { charCount } from '../../../contract/validation';
import { useMemberTags } from './api';

export function TagsInput({
  value,
  onChange,
  disabled,
  label,
}: {
  value: string[];
  onChange: (tags: string[]) => void;
  disabled?: boolean;
  label: string;
}) {
  const translate = useTranslate();
  const { data: inUse } = useMemberTags();
  const [input, setInput] = useState('');
  const [error, setError] = useState('');
  const add = (raw: string) => {
    const tag = raw.trim();
    if (tag === '') return;
    if (charCount(tag) < MEMBER_TAG_MIN) return setError(translate('members.tags.tooShort'));
    if (charCount(tag) > MEMBER_TAG_MAX)
      return setError(translate('validation.maxLength', { n: MEMBER_TAG_MAX }));
    if (!value.includes(tag) && value.length >= MEMBER_TAGS_MAX)
      return setError(translate('members.tags.tooMany', { n: MEMBER_TAGS_MAX }));
    setError('');
    setInput('');
    if (!value.includes(tag)) onChange([...value, tag]);
  };
  return (
    <Autocomplete
      multiple
      freeSolo
      disabled={disabled}
      options={(inUse ?? []).map((t) => t.tag).filter((t) => !value.includes(t))}
      value={value}
      inputValue={input}
      onInputChange={(_e, v, reason) => {
        if (reason === 'input' && v.endsWith(',')) add(v.slice(0, -1));
        else if (reason !== 'reset') setInput(v);
      }}
      onChange={(_e, next, reason) => {
        if (reason === 'createOption' || reason === 'selectOption') add(String(next[next.length - 1]));
        else onChange(next.map(String));
      }}
      renderValue={(tags, getItemProps) =>
        tags.map((tag, index) => {
          const { key, ...rest } = getItemProps({ index });
          return <Chip key={key} size="small" label={tag} {...rest} />;
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          error={error !== ''}
          helperText={error || translate('members.tags.hint')}
          inputProps={{ ...params.inputProps, 'data-testid': 'member-tag-input' }}
        />
      )}
    />
  );
}
