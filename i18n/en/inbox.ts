/** en words: followers (/follower) and customer messages (/customer, /customer/{id}), and the reply mail. */
import type { DeepStrings } from '../types';
import type inboxSource from '../zh-TW/inbox';

const inbox: DeepStrings<typeof inboxSource> = {
  inbox: {
    followers: {
      export: 'Export CSV',
      exported: 'Followers downloaded',
      removed: '%{smart_count} follower removed |||| %{smart_count} followers removed',
      noMember: 'Not a member',
      filters: {
        keyword: 'Search e-mail',
        source: 'Source',
        from: 'From',
        to: 'To',
      },
      csv: {
        email: 'E-mail',
        source: 'Source',
        date: 'Followed on',
        member: 'Member',
      },
    },
    customers: {
      statusNew: 'New',
      statusRead: 'Read',
      badge: '%{smart_count} new message |||| %{smart_count} new messages',
      filters: {
        keyword: 'Search subject, sender or e-mail',
        status: 'Status',
        all: 'All',
        from: 'From',
        to: 'To',
      },
      show: {
        title: 'Customer message',
        back: 'Back to customer messages',
        from: 'From',
        received: 'Received',
        readBy: 'Read by %{name} on %{date}',
        member: 'Member: %{name}',
        thread: 'Replies',
        noReplies: 'No reply yet.',
        repliedBy: '%{name} replied on %{date}',
        reply: 'Reply',
        replyLabel: 'Your reply (e-mailed to %{email})',
        chars: '%{count} / %{max} characters',
        send: 'Send reply',
        sent: 'Reply sent',
        failed: 'The reply was not sent. Your text is still in the box; please try again.',
        draftKept: 'Your unsent reply was restored.',
        markUnread: 'Mark as unread',
        markedUnread: 'Marked as unread',
        notFound: 'This message could not be found; it may have been deleted.',
        readOnly: 'You may read customer messages but not reply to them.',
      },
      mail: {
        subject: '[%{site}] Re: %{title}',
        body: '%{reply}\n\n--\nOn %{date}, %{name} wrote:\n%{original}\n\n%{site}',
      },
    },
  },
  resources: {
    follower: {
      name: 'Follower |||| Followers',
      fields: {
        id: 'ID',
        email: 'E-mail',
        source: 'Source',
        created_at: 'Followed on',
        member: 'Member',
      },
    },
    customer: {
      name: 'Customer message |||| Customer messages',
      fields: {
        id: 'ID',
        title: 'Subject',
        name: 'Sender',
        email: 'E-mail',
        status: 'Status',
        created_at: 'Received',
        replies: 'Replies',
      },
    },
  },
};

export default inbox;
