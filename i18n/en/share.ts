/** en words: the Facebook/Instagram connection screen and the share panel. */
import type { Messages } from '../zh-TW';

const share: Pick<Messages, 'share'> = {
  share: {
    platforms: { facebook: 'Facebook', instagram: 'Instagram' },
    social: {
      title: 'Social accounts',
      subtitle:
        'Connect a Facebook page and an Instagram business account to share articles from the writer and the article list.',
      link: {
        title: 'Social accounts',
        body: 'Connect a Facebook page and an Instagram business account to share articles.',
      },
      state: {
        none: 'Not connected',
        pending: 'Authorised: choose the page',
        connected: 'Connected: %{name}',
        disconnected: 'Disconnected (%{name})',
      },
      connect: 'Connect',
      reconnect: 'Connect again',
      waiting: 'Finish the authorisation in the window that opened…',
      choose: 'Choose the page',
      chooseAccount: 'Choose the account',
      noPages: 'This authorisation offered no page or account.',
      confirm: 'Connect this one',
      disconnect: 'Disconnect',
      unconnect: 'Cancel the authorisation',
      connected: '%{name} connected',
      disconnected: 'Disconnected',
      cancelled: 'Authorisation cancelled',
    },
    panel: {
      open: 'Share',
      title: 'Share the article',
      platform: 'Platform',
      message: 'Message',
      image: 'Image address',
      imageHint: "The article's cover by default; Instagram needs an image.",
      notReady: '%{platform} is not connected; connect it in Settings › Social accounts first.',
      notPublished: 'Only a published article can be shared.',
      needsImage: 'Sharing to Instagram needs an image.',
      submit: 'Share',
      posted: 'Shared to %{platform}',
      history: 'Shares',
      none: 'Not shared yet.',
      status: { pending: 'In progress', posted: 'Shared', failed: 'Failed' },
      retry: 'Try again',
      close: 'Close',
    },
  },
};
export default share;
