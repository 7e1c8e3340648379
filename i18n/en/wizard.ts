/** en words: the plan cards, the card and invoice form, the payment modals (billing) and the new-site wizard. */
import type { DeepStrings } from '../types';
import type zh from '../zh-TW/wizard';

const wizard: DeepStrings<typeof zh> = {
  billing: {
    plan: {
      choose: 'Choose a plan',
      current: 'Current plan',
      price: 'NT$%{price} / month',
      members: 'Up to %{n} members',
      staff: '%{n} staff accounts',
      history: '%{count} revisions kept for %{days} days',
      upload: '%{n} MB of uploads',
      newsletters: '%{n} newsletters a month',
    },
    features: {
      full: 'Every feature',
      team: 'Team members and roles',
      theme: 'Themes',
      design: 'Site design',
      membership: 'Members and paid content',
      shop: 'E-commerce',
      newsletter: 'Newsletters',
    },
    card: {
      title: 'Card',
      number: 'Card number',
      expiry: 'Expiry (MM/YY)',
      ccv: 'Security code',
      invalidNumber: 'Invalid card number',
      invalidExpiry: 'Invalid expiry date',
      invalidCcv: 'Invalid security code',
      gatewayError: 'The payment service cannot be reached. Please try again later.',
      primeRefused:
        'The payment service did not accept this card (%{msg}). Please check the card details or use another card.',
      sdkError:
        "The payment service's card fields could not be loaded. Please check your connection and retry.",
      sdkRetry: 'Retry',
      tappayHint:
        "The card is taken by the payment service TapPay's own fields and never passes through our server.",
      tappaySandboxHint:
        'TapPay test mode: card 4242 4242 4242 4242 pays, with any future expiry and any 3-digit code. The card goes only to TapPay, never to our server.',
      sandboxHint:
        'Test mode: card 4242 4242 4242 4242 pays, with any future expiry and any 3-digit code. The card goes only to the payment service, never to our server.',
    },
    payer: {
      title: 'Cardholder',
      name: "Cardholder's name",
      email: 'E-mail',
      phone: 'Mobile number (optional)',
      address: 'Address (optional, for the invoice)',
    },
    invoice: {
      title: 'E-invoice',
      mode: 'Invoice',
      modeOptions: { donation: 'Donate', member: 'Member carrier', company: 'Company (tax ID)' },
      donationCode: 'Donation code',
      donationHint: 'Default donation code 0958',
      carrier: 'Carrier',
      carrierOptions: { barcode: 'Mobile barcode', natural: 'Citizen certificate' },
      barcode: 'Mobile barcode',
      barcodeHint: '/ and 7 letters or digits, e.g. /ABC1234',
      natural: 'Citizen certificate number',
      naturalHint: '2 capital letters and 14 digits',
      tax: 'Tax ID number',
      companyName: 'Company name',
    },
    processing: {
      title: 'Processing payment',
      body: 'Please confirm the card in the payment window, and keep this page open until then.',
      window: 'Connecting to your bank…',
    },
    success: { title: 'Payment successful' },
    failed: {
      title: 'Payment failed',
      body: 'The payment did not go through. Please check the card and try again.',
      blocked: 'The browser blocked the payment window. Please allow pop-ups for this site and try again.',
      declined:
        'Your bank declined this payment; nothing was charged. Please use another card or contact your bank.',
      declinedBecause:
        'Your bank declined this payment (%{reason}); nothing was charged. Please use another card or contact your bank.',
      threeDs:
        '3-D Secure verification did not succeed; nothing was charged. Please try again or use another card.',
      unreached: 'The payment did not reach the bank; nothing was charged. Please try again later.',
      expired: 'This payment was replaced by a newer one or timed out; nothing was charged.',
      closed:
        'The payment window was closed before the payment was completed. Reopen the window to finish verifying, or pay again.',
      network:
        'The connection was lost, so the payment’s outcome is not known yet. Check your connection and ask again; the same payment is never charged twice.',
      processing:
        'Your bank is still processing this payment. Ask again in a moment; once it succeeds, your site is activated and a receipt is mailed to you.',
      recheck: 'Ask again',
      reopen: 'Reopen the payment window',
      retry: 'Pay again',
      close: 'Close',
    },
    return: {
      closing: 'Payment done, returning…',
      alone: 'The payment result has been sent. Please go back to the page you paid from.',
      home: 'Back to the admin',
    },
  },
  wizard: {
    title: 'Create a new site',
    leave: 'Leave',
    logout: 'Sign out',
    skip: 'Skip for now, choose a plan later',
    restored: 'We brought back what you had entered last time.',
    steps: { slug: 'Site address', plan: 'Choose a plan', payment: 'Payment' },
    slug: {
      intro:
        'Choose an address and a name for your site. You can change the address later in the site settings.',
      field: 'Site address',
      rule: 'Starts with a lowercase letter; lowercase letters, digits and hyphens',
      preview: 'Site address: %{url}',
      checking: 'Checking',
      available: 'This address is available',
      siteName: 'Site name',
      locked:
        'The site has been created and only the payment is left. Address and name can be changed later in the site settings.',
    },
    plan: {
      intro: 'Choose the plan that suits you; you can change it at any time.',
      required: 'Please choose a plan',
    },
    payment: {
      summary: '%{site}: %{plan} plan',
      pay: 'Pay NT$%{price}',
      retrying:
        'The site "%{name}" has been created, but its payment did not go through. Pay once more to start.',
    },
    next: 'Next',
    back: 'Back',
    success: {
      body: 'Your site is ready. Start running it now!',
      go: 'Go to the site admin',
    },
  },
};

export default wizard;
