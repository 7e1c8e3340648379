/**
 * The role editor's permission tree (SPEC §6): a tri-state checkbox for each group and sub-group, a checkbox for each
 * leaf; the form value is the list of selected leaf ids. The logic lives in contract/permissionTree.ts and, for what
 * the editor's own role allows them to give, contract/roles.ts: a permission their role lacks can be cleared but not
 * ticked (the server refuses it too). The permissions that widen or guard others carry a line of explanation.
 */
import { Box, Checkbox, FormControlLabel, FormHelperText, Paper, Stack, Typography } from '@mui/material';
import { useInput, useTranslate, ValidationError } from 'ra-core';
import { useEffect, useId, useMemo, useRef } from 'react';
import { ALL_PERMISSIONS, PERMISSION_TREE, type PermissionNode } from '../../../contract/permissions';
import './declared';
import { nodeState, permissionLabelKey } from '../../../contract/permissionTree';
import { EXPLAINED_PERMISSIONS, nodeEditable, toggleWithin } from '../../../contract/roles';
import { useSessionQuery } from '../../layout/session';
import { compose, hasChecked } from '../../validation';

const validate = compose(hasChecked());

function NodeCheckbox({
  node,
  selected,
  own,
  onChange,
  disabled,
  strong,
}: {
  node: PermissionNode;
  selected: string[];
  /** The editor's own role's permissions: what they may give. */
  own: ReadonlySet<string>;
  onChange: (next: string[]) => void;
  disabled: boolean;
  strong?: boolean;
}) {
  const translate = useTranslate();
  const state = nodeState(node, selected);
  // MUI only draws the third state; the native property tells assistive technology (and tests) too.
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (input.current) input.current.indeterminate = state === 'indeterminate';
  }, [state]);
  const help =
    !node.children && EXPLAINED_PERMISSIONS.includes(node.id) ? `permissions.help.${node.id}` : null;
  const helpId = useId();
  const control = (
    <FormControlLabel
      disabled={disabled || !nodeEditable(node, selected, own)}
      label={
        <Typography
          variant={strong ? 'subtitle1' : 'body2'}
          // A checkbox's words, not a heading.
          component="span"
          sx={{ fontWeight: node.children ? 600 : 400 }}
        >
          {translate(permissionLabelKey(node))}
        </Typography>
      }
      control={
        <Checkbox
          size={node.children ? 'medium' : 'small'}
          checked={state === 'checked'}
          indeterminate={state === 'indeterminate'}
          onChange={() => onChange(toggleWithin(node, selected, own))}
          inputRef={input}
          slotProps={help ? { input: { 'aria-describedby': helpId } } : undefined}
        />
      }
    />
  );
  if (!help) return control;
  // The explanation describes the checkbox without becoming part of its name.
  return (
    <Box sx={{ maxWidth: 320 }}>
      {control}
      <Typography
        id={helpId}
        variant="caption"
        color="text.secondary"
        component="p"
        sx={{ mt: -0.75, mb: 0.5, ml: 3.5 }}
        data-testid={`help-${node.id}`}
      >
        {translate(help)}
      </Typography>
    </Box>
  );
}

export function PermissionTreeInput({ disabled = false }: { disabled?: boolean }) {
  const translate = useTranslate();
  const { data: session } = useSessionQuery();
  const ownList = session?.user?.base_permissions;
  const own = useMemo(() => new Set(ownList ?? []), [ownList]);
  const lacksSome = ownList !== undefined && own.size < ALL_PERMISSIONS.length;
  const { field, fieldState } = useInput<string[]>({ source: 'permissions', validate });
  const selected: string[] = Array.isArray(field.value) ? field.value : [];
  const change = (next: string[]) => {
    field.onChange(next);
    field.onBlur();
  };
  const error = fieldState.error?.message;
  return (
    <Box
      role="group"
      aria-label={translate('resources.role.fields.permissions')}
      data-testid="permission-tree"
    >
      <Stack direction="row" sx={{ alignItems: 'baseline', justifyContent: 'space-between', mb: 1, gap: 2 }}>
        <Typography variant="h6" component="h2">
          {translate('resources.role.fields.permissions')}
        </Typography>
        <Typography variant="body2" color="text.secondary" data-testid="permission-count">
          {translate('roleScreens.selected', { n: selected.length, total: ALL_PERMISSIONS.length })}
        </Typography>
      </Stack>
      {disabled ? null : (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {translate('roleScreens.permissionsHint')}
          {lacksSome ? <> {translate('roleScreens.notYours')}</> : null}
        </Typography>
      )}
      <Stack spacing={2}>
        {PERMISSION_TREE.map((group) => (
          <Paper key={group.id} variant="outlined" sx={{ px: 2, py: 1 }}>
            <NodeCheckbox
              node={group}
              selected={selected}
              own={own}
              onChange={change}
              disabled={disabled}
              strong
            />
            <Stack sx={{ pl: { xs: 2, sm: 4 } }} spacing={0.5}>
              {(group.children ?? []).map((sub) => (
                <Box key={sub.id}>
                  <NodeCheckbox
                    node={sub}
                    selected={selected}
                    own={own}
                    onChange={change}
                    disabled={disabled}
                  />
                  <Box
                    sx={{
                      pl: { xs: 2, sm: 4 },
                      display: 'flex',
                      flexWrap: 'wrap',
                      columnGap: 1,
                      alignItems: 'flex-start',
                    }}
                  >
                    {(sub.children ?? []).map((leaf) => (
                      <NodeCheckbox
                        key={leaf.id}
                        node={leaf}
                        selected={selected}
                        own={own}
                        onChange={change}
                        disabled={disabled}
                      />
                    ))}
                  </Box>
                </Box>
              ))}
            </Stack>
          </Paper>
        ))}
      </Stack>
      {error && fieldState.invalid ? (
        <FormHelperText error sx={{ mt: 1 }}>
          <ValidationError error={error} />
        </FormHelperText>
      ) : null}
    </Box>
  );
}
