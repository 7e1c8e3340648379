/** en words: why an uploaded theme zip was refused. */
import type { DeepStrings } from '../types';
import type source from '../zh-TW/themeUpload';

const themeUpload: DeepStrings<typeof source> = {
  themeUpload: {
    problem: '%{file}: %{reason}',
    more: '…and %{n} more problems',
    accepted: 'Theme “%{name}” %{version} uploaded.',
    reasons: {
      notZip: 'not a valid ZIP file',
      corrupt: 'the ZIP file is damaged or cannot be read',
      pathTooLong: 'the path is longer than %{n} characters',
      badChars: 'the path holds control characters or a backslash',
      badPath: 'the path is malformed',
      absolute: 'absolute paths are not allowed',
      escapes: 'the path leaves the theme folder (..)',
      symlink: 'symbolic links are not allowed',
      duplicate: 'the file appears twice',
      tooManyFiles: 'more than %{n} files',
      fileType: 'this file type is not allowed',
      serverCode: 'server-side code is not allowed',
      scriptOutsideAssets: 'JavaScript files belong in the assets/ folder',
      fileTooBig: 'larger than %{n} MB uncompressed',
      totalTooBig: 'larger than %{n} MB uncompressed in total',
      sizeMismatch: 'its real size differs from the size the ZIP file records',
      missingManifest: 'theme.json is missing',
      manifest: 'theme.json is not valid (%{detail})',
      coverMissing: 'the cover picture %{path} is missing',
      missingTemplate: 'a required template is missing',
      liquid: 'syntax error on line %{line}: %{detail}',
      json: 'invalid JSON',
      utf8: 'not valid UTF-8 text',
      builtinName:
        '“%{name}” is the built-in theme and cannot be replaced; give your copy another name in theme.json (name) and upload it again',
    },
  },
};

export default themeUpload;
