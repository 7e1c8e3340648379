/** en words: importing a Word document (.docx) as a draft article, from the article list. */
import type { DeepStrings } from '../types';
import type source from '../zh-TW/wordImport';

const wordImport: DeepStrings<typeof source> = {
  wordImport: {
    button: 'Import Word',
    title: 'Import an article from Word',
    hint: 'Choose a Word document (.docx, up to %{mb} MB and %{images} pictures). Headings, paragraphs, bold, italic, links, lists and pictures become a draft; the pictures are added to the media library. A paragraph that says only “Paid section” becomes the paid section.',
    choose: 'Choose file',
    uploading: 'Uploading %{percent}%',
    converting: 'Converting…',
    skipped:
      'One picture was in a format that cannot be used and was left out. |||| %{smart_count} pictures were in a format that cannot be used and were left out.',
  },
};

export default wordImport;
