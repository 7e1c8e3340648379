/** en words: the e-paper send screen, its progress and the writer's warning, the e-paper mail and unsubscribe. */
import type { DeepStrings } from '../types';
import type source from '../zh-TW/epaperSend';

const epaperSend: DeepStrings<typeof source> = {
  epaperSend: {
    audience: {
      title: 'Recipients',
      all: 'All members subscribed to the e-paper',
      tag: 'Members with a tag',
      paid: 'Paying members',
      tagLabel: 'Member tag',
      noTags: 'Members have no tags yet',
      count: 'Will be sent to %{count} members',
      counting: 'Counting…',
      quota: 'This month: %{used} used of %{limit}, %{remaining} left',
      overQuota: "More than this month's remaining quota (%{remaining})",
    },
    when: {
      title: 'When',
      now: 'Send now',
      schedule: 'Schedule',
    },
    actions: {
      test: 'Send me a test',
      testSent: 'Test sent to %{to}',
      testFailed: 'The test could not be sent',
      send: 'Send',
      schedule: 'Schedule the send',
      cancel: 'Cancel the scheduled send',
      cancelled: 'The scheduled send was cancelled',
      confirmSend: 'Send to %{count} members? A sent e-paper cannot be recalled.',
      confirmSchedule: 'Send to members at %{at}?',
      failed: 'Sending failed',
    },
    resend: {
      title: 'This e-paper has already been sent',
      last: 'Sent on %{at} to 1 member. |||| Sent on %{at} to %{count} members.',
      received:
        '1 member of this audience already has it. |||| %{received} members of this audience already have it.',
      whom: 'Send to',
      fresh: 'Only those who do not have it yet (%{count})',
      all: 'Send again to everyone (%{count}; those who have it get it again)',
      nobody: 'Everyone chosen already has it: there is nobody to send it to.',
    },
    progress: {
      title: 'Progress',
      scheduled: 'Will be sent at %{at}',
      sending: 'Sending',
      done: 'Sent',
      cancelled: 'Cancelled',
      counts: '%{sent} sent, %{failed} failed, %{remaining} remaining (of %{total})',
      failures: 'Recipients that failed',
    },
    warning: {
      title: 'This e-paper is scheduled to be sent',
      body: 'This e-paper will be sent to members at %{at}. Editing it changes what is sent.',
      keep: 'Keep editing',
      cancel: 'Cancel the send',
    },
    mail: {
      unsubscribe: 'Unsubscribe',
      why: 'You receive this mail because you subscribed to the e-paper of "%{site}".',
    },
    unsubscribe: {
      title: 'Unsubscribe from the e-paper',
      confirm: 'Stop receiving the e-paper of "%{site}"?',
      button: 'Unsubscribe',
      done: 'You are unsubscribed and will no longer receive the e-paper of "%{site}".',
      invalid: 'This unsubscribe link is not valid or has expired.',
      test: 'This is the link of a test mail; it unsubscribes no one.',
    },
  },
};

export default epaperSend;
