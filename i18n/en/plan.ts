/** en words: the site's own plan (/plan, /plan/current, /plan/{id}), the service status (/service), the payment alert. */
import type { DeepStrings } from '../types';
import type zh from '../zh-TW/plan';

const plan: DeepStrings<typeof zh> = {
  plan: {
    list: {
      title: 'Plans',
      subtitle: 'Choose the plan that fits your site. The plan can be changed once a month.',
      noPlan: 'This site has no plan in force. Choose a plan and pay for it to use all of its features.',
      current: 'View current plan',
    },
    current: {
      title: 'Current plan',
      subtitle: "Your site's plan, its renewal date, payments and card.",
      plan: 'Plan',
      status: 'Status',
      period: 'This period',
      periodRange: '%{start} to %{end}',
      since: 'Subscribed since',
      renewal: 'Renewal',
      renewsOn: 'Renews automatically on %{date}',
      endsOn: 'Ends on %{date}; it will not renew',
      changesTo: 'Changes to %{plan} on %{date}',
      card: 'Card',
      cardOnFile: '•••• %{last4} (expires %{expiry})',
      noCard: 'No card on file',
      payments: 'Payments',
      noPayments: 'No payments yet',
      change: 'Change plan',
      unsubscribe: 'Unsubscribe',
      subscribeAgain: 'Subscribe again',
      lapsed:
        'The plan has lapsed for want of payment. All of your site is kept: choose a plan and pay to have its features back.',
      cancelled:
        'The plan has ended. All of your site is kept: choose a plan and pay to have its features back.',
      pending: 'The plan is waiting for its payment to complete.',
      choose: 'Choose a plan',
      none: 'This site has no plan yet.',
    },
    status: {
      pending: 'Awaiting payment',
      active: 'Active',
      past_due: 'Payment failed',
      lapsed: 'Lapsed',
      cancelled: 'Ended',
    },
    payment: {
      date: 'Date',
      kind: 'For',
      plan: 'Plan',
      amount: 'Amount',
      status: 'Status',
      invoice: 'E-invoice',
      amountValue: 'NT$%{amount}',
      kinds: { init: 'First subscription', renewal: 'Renewal', change: 'Plan change', card: 'Card change' },
      statuses: {
        pending: 'Processing',
        paid: 'Paid',
        failed: 'Failed',
        expired: 'Expired',
        refunded: 'Refunded',
      },
    },
    change: {
      title: 'Change to %{plan}',
      subtitle: 'Before you confirm, see what the change means for your site.',
      back: 'Back to the plans',
      preview: 'What changes',
      now: 'Takes effect as soon as you confirm.',
      periodEnd: 'Takes effect at the end of this period (%{date}); until then your current plan stays.',
      charge:
        'NT$%{amount} will be charged to your card on file today (the difference, prorated by the days left in this period).',
      noCharge: 'Nothing is charged today; the new price applies from the next period.',
      overTitle: 'Your site uses more than the new plan allows',
      over: '%{what}: %{used} in use, the new plan allows %{limit}',
      overNote:
        "Nothing is deleted at the change: staff and invitations stay, but no one more can be invited until you are under the limit; uploads stay. Revisions beyond the new plan's count and days are no longer listed from the change, and are removed when their item is next saved.",
      what: {
        members: 'Members',
        staff: 'Staff (open invitations included)',
        revisions: "One item's revisions",
        upload: 'Upload space (MB)',
        newsletters: 'Newsletters sent this month',
      },
      same: 'This is your current plan.',
      pastDue: 'The last renewal charge failed: the plan can be changed once the renewal is paid.',
      takeBack: 'Choosing your current plan calls off the change that is waiting.',
      takeBackConfirm: 'Call off the waiting change',
      confirm: 'Confirm change',
      confirmTitle: 'Change the plan to %{plan}?',
      confirmNow:
        'The new plan takes effect now and NT$%{amount} is charged today. The plan cannot be changed again this month.',
      confirmLater: 'The new plan takes effect on %{date}. The plan cannot be changed again this month.',
      confirmTakeBack: 'The waiting change is called off and %{plan} stays.',
      done: 'The plan was updated.',
      notFound: 'This plan does not exist.',
    },
    choose: {
      title: 'Subscribe to %{plan}',
      subtitle: "Enter your card and invoice details and pay: the plan's features are yours once it is paid.",
      pay: 'Pay and subscribe',
      successBody: 'The plan is in force: your site can use all of its features.',
      successGo: 'View current plan',
    },
    unsubscribe: {
      title: 'Unsubscribe?',
      body: 'Your plan runs until %{date}; after that it is neither renewed nor charged. Your site is kept, and you can subscribe again until then.',
      confirm: 'Unsubscribe',
      done: 'Unsubscribed: the plan ends on %{date}.',
    },
    subscribe: {
      title: 'Subscribe again?',
      body: 'The plan will renew on %{date}, charged to your card on file.',
      confirm: 'Subscribe again',
      done: 'Subscribed again.',
    },
    card: {
      change: 'Change card',
      title: 'Change card',
      verify:
        "The new card is verified with a charge of NT$1 (with your bank's 3-D Secure), refunded at once; renewals are then charged to it.",
      charge:
        "The new card pays the last renewal, NT$%{amount}, now (with your bank's 3-D Secure). Once paid, the plan is back to normal, and renewals are charged to the new card.",
      chargeNoAmount:
        "The new card pays the last renewal now (with your bank's 3-D Secure). Once paid, the plan is back to normal, and renewals are charged to the new card.",
      save: 'Verify and change',
      payNow: 'Change and pay now',
      cancel: 'Cancel',
      replaced:
        'Your card has been changed; renewals are charged to the new card. The NT$1 verification has been refunded.',
      recovered: 'Paid: your plan is back to normal. Renewals are charged to the new card.',
      done: 'OK',
      pastDueTitle: 'The last renewal payment failed',
      pastDue: 'NT$%{amount} is unpaid. Change the card to pay now and put the plan right.',
      pastDueNoAmount: 'Change the card to pay now and put the plan right.',
      retryOn: 'Otherwise we will try the current card again on %{date}.',
    },
    ownerOnly: "Only the site's owner can see and change its plan.",
    alert: {
      title: 'Renewal payment failed',
      body: "Your site's last renewal charge failed. We will try again on %{date}. Change the card and pay now, or make sure the current card can pay, or the plan will lapse.",
      bodyNoDate:
        "Your site's last renewal charge failed. Change the card and pay now, or make sure the current card can pay, or the plan will lapse.",
      later: 'Later',
      go: 'Change card',
    },
  },
  service: {
    title: 'Service status',
    subtitle: "Your site's plan, subscription, publishing state and addresses.",
    plan: 'Plan',
    status: 'Subscription',
    period: 'This period',
    published: 'Publishing',
    publishedYes: 'Published',
    publishedNo: 'Not published',
    manage: 'Manage plan',
    settings: 'Go to site settings',
  },
};

export default plan;
