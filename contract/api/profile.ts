/** The signed-in user's own profile (SPEC §4 Profile): one call for the avatar, nickname, language and e-mail. */
import { endpoint } from '../endpoint';
import { SaveProfileInput, SaveProfileReply } from '../profile';

export const profileApi = {
  save: endpoint({
    path: 'member/save_profile',
    input: SaveProfileInput,
    output: SaveProfileReply,
    access: 'user',
    summary:
      'Saves the language, avatar or nickname; asks for or confirms (with its mailed code) a new e-mail',
  }),
};
