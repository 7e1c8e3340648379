/**
 * /plan/paid: where the payment window comes back from the gateway (PAYMENT_RETURN_PATH in contract/plans.ts, with `order_number`
 * in the query). No layout: it tells its opener the order number — to this origin only — and closes. Opened any
 * other way (no opener), it says where to go instead.
 */
import { Box, Link, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { useEffect, useState } from 'react';
import { RETURN_MESSAGE, type ReturnMessage } from './paymentWindow';

export default function PaidPage() {
  const translate = useTranslate();
  const [alone, setAlone] = useState(false);
  useEffect(() => {
    const orderNumber = new URLSearchParams(window.location.search).get('order_number') ?? '';
    const opener = window.opener as Window | null;
    if (!opener || opener.closed || !orderNumber) {
      setAlone(true);
      return;
    }
    const message: ReturnMessage = { type: RETURN_MESSAGE, order_number: orderNumber };
    opener.postMessage(message, window.location.origin);
    window.close();
  }, []);
  return (
    <Box component="main" sx={{ p: 3 }} data-testid="payment-return">
      {/* The page's one message is its heading. */}
      <Typography variant="body1" component="h1">
        {translate(alone ? 'billing.return.alone' : 'billing.return.closing')}
      </Typography>
      {alone ? (
        <Link href="/" sx={{ display: 'inline-block', mt: 2 }}>
          {translate('billing.return.home')}
        </Link>
      ) : null}
    </Box>
  );
}
