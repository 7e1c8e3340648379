/** en words: machine translation in the writer's add-language dialog (choice, reason, progress). */
import type { DeepStrings } from '../types';
import type source from '../zh-TW/translation';

const translation: DeepStrings<typeof source> = {
  translation: {
    checking: 'Checking which translation services are available…',
    available:
      'The %{lang} version can be machine translated (title, subtitle, every block’s text and SEO), keeping images, videos and the paid marker; or you can start from a blank copy.',
    unavailable:
      'No translation service can translate this item into %{lang}, so only a blank copy can be made.',
    progress: 'Translating… %{done} / %{total}',
    starting: 'Translating…',
  },
};

export default translation;
