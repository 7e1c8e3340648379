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
      pastDue:
        'The last renewal charge failed. We will try again on %{date}. Please make sure your card can pay.',
      pastDueNoDate: 'The last renewal charge failed. We will try again. Please make sure your card can pay.',
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
      amountValue: 'NT$%{amount}',
      kinds: { init: 'First subscription', renewal: 'Renewal', change: 'Plan change' },
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
    ownerOnly: "Only the site's owner can see and change its plan.",
    alert: {
      title: 'Renewal payment failed',
      body: "Your site's last renewal charge failed. We will try again on %{date}. Please make sure your card can pay, or the plan will lapse.",
      bodyNoDate:
        "Your site's last renewal charge failed. Please make sure your card can pay, or the plan will lapse.",
      later: 'Later',
      go: 'View plan',
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
