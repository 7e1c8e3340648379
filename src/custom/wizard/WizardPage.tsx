/**
 * /init, the new-site wizard (SPEC §2, §4): step 1 the address and name, step 2 the plan, step 3 the card and the
 * invoice; paying sends `site/init` through usePayment, and once paid the new site becomes the session's current one
 * and its dashboard opens. Full screen, outside the admin frame, so that a user without any site can use it too.
 * The step and entries are kept on the device (draft.ts); a site whose payment failed is paid for with `site/retry`.
 * A new account lands here; owning no site yet, it may skip for now (SkipWizard).
 */
import {
  Alert,
  AppBar,
  Box,
  Button,
  Container,
  Step as MuiStep,
  Paper,
  StepLabel,
  Stepper,
  Toolbar,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslate } from 'ra-core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { type Path, useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { planApi } from '../../../contract/api/plans';
import { siteApi } from '../../../contract/api/sites';
import type { PaymentReply } from '../../../contract/billing';
import { Code } from '../../../contract/codes';
import type { Session } from '../../../contract/session';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { ApiError, call } from '../../dataProvider/client';
import { useSessionQuery } from '../../layout/session';
import { useValidateAfterTyping } from '../../validation/useValidateAfterTyping';
import type { CardFormHandle } from '../billing/cardForm';
import { codeToSend, mayPay, useDiscountQuote } from '../billing/discount';
import { payerBody } from '../billing/PayerFields';
import PlanCards from '../billing/PlanCards';
import { usePlanCards } from '../billing/plansOnOffer';
import { usePayment } from '../billing/usePayment';
import {
  clearDraft,
  type Draft,
  emptyDraft,
  readDraft,
  type Step,
  saveDraft,
  type WizardValues,
} from './draft';
import { PaymentStep } from './PaymentStep';
import { SkipWizard } from './SkipWizard';
import { normalSlug, SlugStep } from './SlugStep';
import { ownUnpaidSite } from './unpaidSite';

const STEPS = ['wizard.steps.slug', 'wizard.steps.plan', 'wizard.steps.payment'] as const;
/** The fields each step asks for: where a field error sends the user back to. */
const STEP_FIELDS: Record<Step, readonly string[]> = {
  0: ['slug', 'site_name'],
  1: ['plan'],
  2: ['name', 'email', 'phone', 'invoice'],
};
const stepOf = (field: string): Step =>
  (Number(Object.entries(STEP_FIELDS).find(([, names]) => names.some((n) => field.startsWith(n)))?.[0]) ||
    2) as Step;

/** The platform's domain, read off the current site's address (`https://<slug>.<domain>`), when it is one. */
function platformDomain(session: Session): string | null {
  const current = session.site.current;
  if (!current) return null;
  try {
    const host = new URL(current.url).host;
    return host.startsWith(`${current.slug}.`) ? host.slice(current.slug.length + 1) : null;
  } catch {
    return null;
  }
}

function Wizard({ session }: { session: Session }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const user = session.user as NonNullable<Session['user']>;
  const initial = useMemo(
    () => readDraft(user.id, emptyDraft(user.nickname, user.email)),
    [user.id, user.nickname, user.email],
  );
  const [step, setStep] = useState<Step>(initial.step);
  const [site, setSite] = useState<number | null>(initial.site);
  const [restored, setRestored] = useState(initial.step > 0 || initial.values.slug !== '');
  const form = useForm<WizardValues>({ defaultValues: initial.values, mode: 'onSubmit' });
  useValidateAfterTyping(form);
  const taken = useMemo(() => new Set<string>(), []);
  const card = useRef<CardFormHandle>(null);
  const plans = usePlanCards();
  const planId = form.watch('plan');
  const plan = plans.data?.rows.find((p) => p.id === planId);
  const [planMissing, setPlanMissing] = useState(false);
  // The discount code: checked as typed for the plan (and the site paid again), sent only when not refused.
  const [code, setCode] = useState('');
  const discount = useDiscountQuote(code, plan?.id, site);

  // Every change is kept on the device (never the card: it is not in this form).
  const draft = useRef<Draft>(initial);
  useEffect(() => {
    const keep = () => saveDraft(user.id, draft.current);
    draft.current = { step, site, values: form.getValues() };
    keep();
    const subscription = form.watch((values) => {
      draft.current = { ...draft.current, values: values as WizardValues };
      keep();
    });
    return () => subscription.unsubscribe();
  }, [form, step, site, user.id]);

  const payment = usePayment({
    successBody: 'wizard.success.body',
    successAction: 'wizard.success.go',
    onPaid: async (reply) => {
      clearDraft(user.id);
      await call(siteApi.switch, { id: reply.site });
    },
    onSuccessAction: () => {
      navigate('/');
      void queryClient.resetQueries();
    },
    onFailed: (reply) => {
      // The site exists now: the next submit pays for it again instead of making another.
      if (reply) setSite(reply.site);
    },
    onError: (error) => {
      if (error.code === Code.SLUG_TAKEN) {
        taken.add(normalSlug(form.getValues('slug')));
        setStep(0);
        void form.trigger('slug');
        return true;
      }
      const fields = Object.entries(error.body.errors ?? {});
      if (!fields.length) return false;
      for (const [name, message] of fields)
        form.setError(name as Path<WizardValues>, { type: 'server', message: translate(message) });
      setStep(Math.min(...fields.map(([name]) => stepOf(name))) as Step);
      return true;
    },
  });

  const next = async () => {
    if (step === 0 && (await form.trigger(['slug', 'site_name']))) setStep(1);
    if (step === 1) {
      if (form.getValues('plan') === null) return setPlanMissing(true);
      setStep(2);
    }
  };

  const submit = form.handleSubmit(async (values) => {
    if (!plan) return setStep(1);
    const prime = await card.current?.getPrime();
    if (!prime) return;
    const payer = { ...payerBody(values, prime), ...codeToSend(code, discount) };
    /** Pays again for a site made by an earlier attempt. */
    const retry = async (id: number): Promise<PaymentReply> => {
      try {
        return await call(planApi.retry, { site: id, plan: plan.id, ...payer });
      } catch (err) {
        // Paid meanwhile (the gateway's notification came late): nothing is charged twice; go on as paid.
        if (err instanceof ApiError && err.code === Code.PLAN_ALREADY_PAID)
          return { site: id, order_number: '', status: 'paid' };
        // Not the user's site any more (or never was): forget it, a new submit makes one.
        if (err instanceof ApiError && err.status === 404) setSite(null);
        throw err;
      }
    };
    await payment.pay(async (): Promise<PaymentReply> => {
      if (site !== null) return retry(site);
      const slug = normalSlug(values.slug);
      try {
        return await call(planApi.init, {
          slug,
          site_name: values.site_name.trim(),
          plan: plan.id,
          ...payer,
        });
      } catch (err) {
        // The address is the user's own site from an attempt whose answer was lost: pay for that one.
        const own =
          err instanceof ApiError && err.code === Code.SLUG_TAKEN ? await ownUnpaidSite(slug) : null;
        if (own === null) throw err;
        setSite(own);
        return retry(own);
      }
    });
  });

  const busy = payment.busy || form.formState.isSubmitting;
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }} data-testid="wizard">
      <AppBar position="static" elevation={0}>
        <Toolbar sx={{ gap: 1 }}>
          <Typography variant="h6" component="h1" sx={{ flexGrow: 1 }}>
            {translate('wizard.title')}
          </Typography>
          <LanguageSwitch />
          {session.site.current ? (
            <Button color="inherit" component={Link} to="/">
              {translate('wizard.leave')}
            </Button>
          ) : (
            <Button color="inherit" href="/auth/logout">
              {translate('wizard.logout')}
            </Button>
          )}
        </Toolbar>
      </AppBar>
      <Container component="main" maxWidth={step === 1 ? 'lg' : 'md'} sx={{ py: 3 }}>
        <Stepper activeStep={step} alternativeLabel sx={{ mb: 3 }}>
          {STEPS.map((label) => (
            <MuiStep key={label}>
              <StepLabel>{translate(label)}</StepLabel>
            </MuiStep>
          ))}
        </Stepper>
        {restored ? (
          <Alert severity="info" onClose={() => setRestored(false)} sx={{ mb: 2 }}>
            {translate('wizard.restored')}
          </Alert>
        ) : null}
        <Paper
          sx={{ p: { xs: 2, sm: 3 } }}
          component="form"
          noValidate
          onSubmit={(e) => {
            // Enter in an early step goes on to the next one; only the last step pays.
            if (step < 2) {
              e.preventDefault();
              void next();
            } else void submit(e);
          }}
        >
          <Typography variant="h5" component="h2" gutterBottom>
            {translate(STEPS[step])}
          </Typography>
          {step === 0 ? (
            <SlugStep form={form} taken={taken} domain={platformDomain(session)} locked={site !== null} />
          ) : null}
          {step === 1 ? (
            <Box data-testid="wizard-plan">
              <Typography color="text.secondary" sx={{ mb: 2 }}>
                {translate('wizard.plan.intro')}
              </Typography>
              <PlanCards
                value={planId ?? undefined}
                onChange={(id) => {
                  setPlanMissing(false);
                  form.setValue('plan', id);
                }}
              />
              {planMissing ? (
                <Alert severity="error" sx={{ mt: 2 }} role="alert">
                  {translate('wizard.plan.required')}
                </Alert>
              ) : null}
            </Box>
          ) : null}
          {step === 2 ? (
            <PaymentStep
              form={form}
              plan={plan}
              card={card}
              busy={busy}
              retrying={site === null ? null : form.getValues('site_name')}
              discount={{ code, setCode, state: discount }}
            />
          ) : null}
          <Box sx={{ display: 'flex', justifyContent: 'space-between', mt: 3, gap: 2 }}>
            <Button onClick={() => setStep((s) => (s - 1) as Step)} disabled={step === 0 || busy}>
              {translate('wizard.back')}
            </Button>
            {step < 2 ? (
              // Keys: React must not turn this very button into the submit one while its click is still going on,
              // or the click would submit the form it has just moved to.
              <Button key="next" variant="contained" onClick={next}>
                {translate('wizard.next')}
              </Button>
            ) : (
              <Button
                key="pay"
                variant="contained"
                type="submit"
                disabled={busy || !plan || !mayPay(discount)}
              >
                {translate('wizard.payment.pay', {
                  price: plan
                    ? (discount.kind === 'ok' ? discount.quote.amount : plan.price).toLocaleString('en-US')
                    : '',
                })}
              </Button>
            )}
          </Box>
        </Paper>
        <SkipWizard session={session} madeSite={site !== null} />
      </Container>
      {payment.dialogs}
    </Box>
  );
}

export default function WizardPage() {
  const translate = useTranslate();
  const { data: session, error } = useSessionQuery();
  if (error) return <Alert severity="error">{translate(error.message || 'errors.generic')}</Alert>;
  if (!session?.user) return null;
  return <Wizard session={session} />;
}
