/**
 * theme/upload and element/upload/theme: a zip of at most THEME_ZIP_MAX_BYTES (the multipart cut-off for these two
 * is raised to it, server/http/multipart.ts), checked whole before anything is stored. A refusal is a validation
 * failure (1001) whose message lists the first problems, each naming its file, in the caller's language. An accepted
 * zip that the plan's upload space cannot hold is refused like any upload (UPLOAD_QUOTA, service.ts storeUpload).
 *
 * A theme named like the built-in one (the downloaded Paper sent back) is refused, as Ghost refuses Casper: the
 * built-in theme cannot be replaced, and a second card of the same name could not be told apart. The message says
 * to rename it in theme.json; a renamed copy is a theme of its own, whose next uploads are its versions.
 */
import { Code } from '../../../contract/codes';
import type { Locale } from '../../../contract/constants';
import type { UploadedFile } from '../../../contract/files';
import { THEME_ZIP_MAX_BYTES, type ThemeUploadReply } from '../../../contract/themes';
import type { Deps } from '../../deps';
import { AppError } from '../../http/errors';
import { t } from '../../i18n';
import { builtinTheme } from './builtin';
import { storeUpload } from './service';
import { checkThemeZip, type ThemeProblem } from './zipCheck';

/** Problems listed in the message; the rest are counted. */
const PROBLEMS_SHOWN = 5;

export function problemMessage(lang: Locale, problems: ThemeProblem[]): string {
  const lines = problems.slice(0, PROBLEMS_SHOWN).map((p) =>
    t(lang, 'themeUpload.problem', {
      file: p.file,
      reason: t(lang, `themeUpload.reasons.${p.reason}`, p.args),
    }),
  );
  if (problems.length > PROBLEMS_SHOWN)
    lines.push(t(lang, 'themeUpload.more', { n: problems.length - PROBLEMS_SHOWN }));
  return lines.join('\n');
}

/** The message is already in the caller's language: passed as the text itself, and again as the file's error. */
function refusal(lang: Locale, problems: ThemeProblem[]): AppError {
  const message = problemMessage(lang, problems);
  return new AppError(Code.VALIDATION, message, { errors: { file: message } });
}

export async function uploadTheme(
  deps: Deps,
  siteId: number,
  userId: number,
  file: UploadedFile,
  lang: Locale,
): Promise<ThemeUploadReply> {
  if (file.bytes.length > THEME_ZIP_MAX_BYTES) throw new AppError(Code.FILE_TOO_LARGE);
  const check = await checkThemeZip(file.bytes, file.filename || 'theme.zip');
  if (!check.ok) throw refusal(lang, check.problems);
  const builtin = (await builtinTheme()).manifest.name;
  if (check.manifest.name.toLowerCase() === builtin.toLowerCase())
    throw refusal(lang, [{ file: 'theme.json', reason: 'builtinName', args: { name: builtin } }]);
  const stored = await storeUpload(deps, siteId, userId, check);
  return {
    success: true,
    path: stored.cover,
    message: t(lang, 'themeUpload.accepted', { name: check.manifest.name, version: check.manifest.version }),
    id: stored.id,
    seq: stored.seq,
    version: check.manifest.version,
  };
}
