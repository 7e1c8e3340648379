/** en words: the receipt mailed to the site owner for each plan charge, and the e-invoice's item. */
import type { DeepStrings } from '../types';
import type source from '../zh-TW/receipt';

const receipt: DeepStrings<typeof source> = {
  receipt: {
    mail: {
      subject: 'Payment receipt for "%{site}": NT$%{amount}',
      body: 'Hello,\n\nWe have received the payment for "%{site}":\n\nFor: %{kind}\nPlan: %{plan}\nAmount: NT$%{amount}\nPaid on: %{paid}\nPlan period: %{start} to %{end}\nCard ending: %{card}\nE-invoice number: %{invoice}\nOrder number: %{order}\n\nYour plan and payments: %{link}',
      noInvoice: '(not issued yet; you will be told when it is)',
    },
    item: {
      init: '%{plan} plan',
      renewal: '%{plan} plan renewal',
      change: '%{plan} plan change',
    },
    voidReason: 'Refund',
  },
};

export default receipt;
