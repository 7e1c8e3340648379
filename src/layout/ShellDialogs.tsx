/**
 * The shell's two prompts (SPEC §8): 尚未訂閱方案 — a feature the role allows but the site's plan does not — leading to
 * the plans (/plan), and 'publish your site now' leading to the settings (/setting), where the publish switch is.
 * They live above the layout, so that a side menu rebuilt by a change of window size does not close them; any
 * screen opens them with useShellPrompts().
 */
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useTranslate } from 'ra-core';
import { createContext, type ReactNode, useContext, useId, useMemo, useState } from 'react';
import { Link } from 'react-router';

type Prompt = 'plan' | 'publish';

const PROMPTS: Record<Prompt, { words: string; to: string; testId: string }> = {
  plan: { words: 'shell.plan', to: '/plan', testId: 'plan-dialog' },
  publish: { words: 'shell.publish', to: '/setting', testId: 'publish-dialog' },
};

function PromptDialog({ prompt, onClose }: { prompt: Prompt | null; onClose: () => void }) {
  const translate = useTranslate();
  const titleId = useId();
  const bodyId = useId();
  // The last prompt stays rendered while the dialog fades out.
  const [shown, setShown] = useState<Prompt>('plan');
  if (prompt && prompt !== shown) setShown(prompt);
  const { words, to, testId } = PROMPTS[prompt ?? shown];
  return (
    <Dialog
      open={prompt !== null}
      onClose={onClose}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      data-testid={testId}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId}>{translate(`${words}.title`)}</DialogTitle>
      <DialogContent>
        <DialogContentText id={bodyId}>{translate(`${words}.body`)}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate(`${words}.later`)}</Button>
        <Button variant="contained" component={Link} to={to} onClick={onClose}>
          {translate(`${words}.go`)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

const Context = createContext<(prompt: Prompt) => void>(() => undefined);

export function ShellPrompts({ children }: { children: ReactNode }) {
  const [prompt, setPrompt] = useState<Prompt | null>(null);
  const open = useMemo(() => (p: Prompt) => setPrompt(p), []);
  return (
    <Context.Provider value={open}>
      {children}
      <PromptDialog prompt={prompt} onClose={() => setPrompt(null)} />
    </Context.Provider>
  );
}

/** Opens a prompt: useShellPrompts()('plan'). */
export const useShellPrompts = () => useContext(Context);
