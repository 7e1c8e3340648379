/**
 * The shell's prompts (SPEC §8): 尚未訂閱方案 — a feature the role allows but the site's plan does not (or the plan
 * lapsed), named with the cheapest plan that has it (PlanNeeded.tsx) — leading to the plans (/plan); 'publish your
 * site now' leading to the settings (/setting), where the publish switch is; and the payment alert — the site's
 * last renewal charge failed — shown to its owner once per browser session, leading to the card change in
 * /plan/current (CARD_CHANGE_PATH). They live above the layout, so that a side menu rebuilt by a change of window
 * size does not close them; any screen opens them with useShellPrompts().
 */
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useTranslate } from 'ra-core';
import { createContext, type ReactNode, useContext, useEffect, useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { CARD_CHANGE_PATH, type Feature } from '../../contract/plans';
import { useDateTime } from '../components/DateTimeField';
import { mayManagePlan, useCurrentPlan } from '../custom/plan/api';
import { type PlanWords, usePlanWords } from './PlanNeeded';
import { useSessionQuery } from './session';
import { paymentAlertDue } from './shellLogic';

type Prompt = 'plan' | 'publish' | 'payment';

const PROMPTS: Record<Prompt, { words: string; to: string; testId: string }> = {
  plan: { words: 'shell.plan', to: '/plan', testId: 'plan-dialog' },
  publish: { words: 'shell.publish', to: '/setting', testId: 'publish-dialog' },
  payment: { words: 'plan.alert', to: CARD_CHANGE_PATH, testId: 'payment-alert' },
};

function PromptDialog({
  prompt,
  feature,
  body,
  onClose,
}: {
  prompt: Prompt | null;
  /** For the plan prompt: the feature the site's plan lacks (none: the plan in general). */
  feature?: Feature;
  /** The body's words when they are not `<words>.body`. */
  body?: { key: string; args?: object };
  onClose: () => void;
}) {
  const translate = useTranslate();
  const titleId = useId();
  const bodyId = useId();
  // The last prompt stays rendered while the dialog fades out.
  const [shown, setShown] = useState<Prompt>('plan');
  if (prompt && prompt !== shown) setShown(prompt);
  const { words, to, testId } = PROMPTS[prompt ?? shown];
  const planWords = usePlanWords(feature);
  const text: PlanWords =
    (prompt ?? shown) === 'plan'
      ? planWords
      : {
          title: translate(`${words}.title`),
          body: body ? translate(body.key, body.args) : translate(`${words}.body`),
          later: translate(`${words}.later`),
          go: translate(`${words}.go`),
          to,
        };
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
      <DialogTitle id={titleId}>{text.title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={bodyId}>{text.body}</DialogContentText>
        {text.gives ? <DialogContentText sx={{ mt: 1 }}>{text.gives}</DialogContentText> : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{text.later}</Button>
        <Button variant="contained" component={Link} to={text.to} onClick={onClose}>
          {text.go}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Opens a prompt; the plan prompt names the feature the site's plan lacks, when there is one. */
type OpenPrompt = (prompt: 'plan' | 'publish', feature?: Feature) => void;

const Context = createContext<OpenPrompt>(() => undefined);

/** Where the payment alert notes that it was shown, for this browser session and site. */
const alertShownKey = (siteId: number) => `paymentAlert.${siteId}`;

/** The payment alert's words, once it is due: the owner's site is past due (its last renewal charge failed). */
function usePaymentAlert() {
  const { data: session } = useSessionQuery();
  const { format } = useDateTime();
  const siteId = session?.site.current?.id;
  const { data: sub } = useCurrentPlan(mayManagePlan(session?.user));
  const [body, setBody] = useState<{ key: string; args?: object } | null>(null);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (siteId === undefined) return;
    const key = alertShownKey(siteId);
    if (!paymentAlertDue(sub?.status, sessionStorage.getItem(key) !== null)) return;
    sessionStorage.setItem(key, '1');
    setBody(
      sub?.next_attempt_at
        ? { key: 'plan.alert.body', args: { date: format(sub.next_attempt_at, 'date') } }
        : { key: 'plan.alert.bodyNoDate' },
    );
    setOpen(true);
  }, [siteId, sub, format]);
  // The words stay while the dialog fades out.
  return { open, body, close: () => setOpen(false) };
}

export function ShellPrompts({ children }: { children: ReactNode }) {
  const [prompt, setPrompt] = useState<Prompt | null>(null);
  // Kept while the dialog fades out, as its words are.
  const [feature, setFeature] = useState<Feature | undefined>();
  const open = useMemo<OpenPrompt>(
    () => (p, f) => {
      setPrompt(p);
      setFeature(f);
    },
    [],
  );
  const payment = usePaymentAlert();
  const shown: Prompt | null = prompt ?? (payment.open ? 'payment' : null);
  return (
    <Context.Provider value={open}>
      {children}
      <PromptDialog
        prompt={shown}
        feature={feature}
        body={prompt === null && payment.body ? payment.body : undefined}
        onClose={() => (prompt ? setPrompt(null) : payment.close())}
      />
    </Context.Provider>
  );
}

/** Opens a prompt: useShellPrompts()('plan', 'design'). */
export const useShellPrompts = () => useContext(Context);
