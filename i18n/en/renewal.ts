/** en words: the plan's renewal mails to the site owner. */
import type { DeepStrings } from '../types';
import type source from '../zh-TW/renewal';

const renewal: DeepStrings<typeof source> = {
  renewal: {
    mail: {
      failed: {
        subject: 'The renewal payment for "%{site}" failed',
        body: 'Hello,\n\nThe %{plan} plan of "%{site}" ended its period on %{date}, and the renewal charge (NT$%{amount}, card ending %{card}) did not go through.\nWe will try again on %{retry}; until %{until} the site keeps all its features.\nPlease check that the card can be charged (limit, expiry date), or change the card and pay now to put the plan right at once:\n%{link}',
      },
      lapsed: {
        subject: 'The plan of "%{site}" has ended',
        body: 'Hello,\n\nThe renewal of the %{plan} plan of "%{site}" failed %{attempts} times, and the plan has ended.\nAll of the site\'s data is kept, but the paid features are closed. Choose a plan and pay to use them again:\n%{link}',
      },
      noCard: '(no card on file)',
    },
  },
};

export default renewal;
