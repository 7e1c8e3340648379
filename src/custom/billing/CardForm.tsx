/**
 * The card form of the gateway the server runs, as the session's meta.payment says: TapPay's fields
 * (TapPayCardForm.tsx, TPDirect) with PAYMENT_GATEWAY=tappay, else the built-in sandbox's (SandboxCardForm.tsx), the
 * offline default. Each is a chunk of its own, loaded only for its gateway; both answer the same CardFormHandle, so
 * the wizard and plan checkout work with either.
 */
import { Box, CircularProgress } from '@mui/material';
import { lazy, type Ref, Suspense } from 'react';
import { useSessionQuery } from '../../layout/session';
import type { CardFormHandle, CardFormProps } from './cardForm';

const SandboxCardForm = lazy(() => import('./SandboxCardForm'));
const TapPayCardForm = lazy(() => import('./TapPayCardForm'));

function Loading() {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
      <CircularProgress size={24} />
    </Box>
  );
}

export function CardForm({ ref, ...props }: CardFormProps & { ref?: Ref<CardFormHandle> }) {
  const { data: session } = useSessionQuery();
  // The pages that pay are behind the session: it is there; until then, neither form.
  if (!session) return <Loading />;
  const gateway = session.meta.payment;
  return (
    <Suspense fallback={<Loading />}>
      {gateway?.gateway === 'tappay' ? (
        <TapPayCardForm ref={ref} gateway={gateway} {...props} />
      ) : (
        <SandboxCardForm ref={ref} {...props} />
      )}
    </Suspense>
  );
}
