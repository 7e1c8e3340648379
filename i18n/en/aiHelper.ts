/** en words: the writer's AI helper panel (suggested slug, tags and summary, the month's quota). */
import type { DeepStrings } from '../types';
import type source from '../zh-TW/aiHelper';

const aiHelper: DeepStrings<typeof source> = {
  aiHelper: {
    title: 'AI helper',
    remain: '%{remain} of %{quota} left this month',
    usedUp: "This month's AI helper suggestions are used up; they start again next month.",
    needText: 'Write some text first: the AI helper suggests from it.',
    needFreeText: 'There is no text before the paid section yet: the AI helper reads only the free part.',
    ask: { slug: 'Suggest a slug', tags: 'Suggest tags', summary: 'Suggest a summary' },
    kind: { slug: 'Slug', tags: 'Tags', summary: 'Summary (SEO description)' },
    working: 'Making a suggestion…',
    accept: 'Accept',
    acceptAll: 'Add all',
    dismiss: 'Dismiss',
    none: 'Nothing to suggest for this text.',
    accepted: 'Suggestion accepted',
    hint: 'A suggestion fills its field only when you accept it. The AI helper reads only the text before the paid section, so paid content never shows in a suggestion.',
  },
};

export default aiHelper;
