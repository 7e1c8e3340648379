/**
 * Adds or edits one menu item: a name per content language (one tab each) and the link, checked 500 ms after
 * typing. Nothing is sent here: the item changes in the editor and is saved with the whole menu.
 */
import { Button, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { Form, useTranslate } from 'ra-core';
import { useId } from 'react';
import { TextInput } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { NAME_MAX } from '../../../contract/constants';
import { LANG_IDS } from '../../../contract/contentConstants';
import { MENU_DEFAULT_LINK, MENU_LINK_MAX, MENU_TYPE, type MenuItem } from '../../../contract/menus';
import { FormDialog } from '../../components/FormDialog';
import { LanguageTabs } from '../../entities/LanguageTabs';
import { compose, link, maxLength } from '../../validation';
import { ValidateAfterTyping } from '../../validation/useValidateAfterTyping';
import { type DialogValues, withDialogValues } from './menuTree';

const validateName = compose(maxLength(NAME_MAX));
const validateLink = compose(link(), maxLength(MENU_LINK_MAX));

const toValues = (item: MenuItem): DialogValues => ({
  lang: LANG_IDS.map((lang_id) => ({
    lang_id,
    name: item.lang.find((l) => l.lang_id === lang_id)?.name ?? '',
  })),
  link: item.link === MENU_DEFAULT_LINK ? '' : item.link,
});

interface MenuItemDialogProps {
  item: MenuItem;
  isNew: boolean;
  onClose: () => void;
  onDone: (item: MenuItem) => void;
}

export function MenuItemDialog({ item, isNew, onClose, onDone }: MenuItemDialogProps) {
  const translate = useTranslate();
  const titleId = useId();
  const title = isNew
    ? item.type === MENU_TYPE.PARENT
      ? 'menus.dialog.createParent'
      : 'menus.dialog.createLink'
    : 'menus.dialog.edit';
  return (
    <FormDialog titleId={titleId} onClose={onClose} testId="menu-item-dialog">
      <DialogTitle id={titleId}>{translate(title)}</DialogTitle>
      <Form
        defaultValues={toValues(item)}
        onSubmit={(values: FieldValues) => onDone(withDialogValues(item, values as DialogValues))}
        mode="onSubmit"
        reValidateMode="onSubmit"
        noValidate
      >
        <ValidateAfterTyping />
        <DialogContent dividers sx={{ pt: 0 }}>
          <LanguageTabs source="lang" label="menus.langTabs">
            {(i) => (
              <TextInput
                source={`lang.${i}.name`}
                label="menus.fields.name"
                validate={validateName}
                helperText="menus.nameHint"
                fullWidth
              />
            )}
          </LanguageTabs>
          <TextInput
            source="link"
            label="menus.fields.link"
            validate={validateLink}
            helperText={item.is_system ? 'menus.systemLinkHint' : 'menus.linkHint'}
            disabled={item.is_system}
            placeholder={MENU_DEFAULT_LINK}
            fullWidth
          />
          {item.type === MENU_TYPE.PARENT ? (
            <Typography variant="body2" color="text.secondary">
              {translate('menus.children', { count: item.children.length })}
            </Typography>
          ) : null}
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 1.5 }}>
          <Button onClick={onClose} color="inherit">
            {translate('ra.action.cancel')}
          </Button>
          <Button type="submit" variant="contained">
            {translate('menus.dialog.ok')}
          </Button>
        </DialogActions>
      </Form>
    </FormDialog>
  );
}
