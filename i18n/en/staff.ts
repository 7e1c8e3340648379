/** en words: staff (/admin), invitations and the invite page (/auth/invite). */
import type { DeepStrings } from '../types';
import type staffSource from '../zh-TW/staff';

const staff: DeepStrings<typeof staffSource> = {
  staff: {
    invite: 'Invite staff',
    seats: '%{used} of %{limit} accounts used',
    you: 'You',
    pending: {
      title: 'Pending invitations',
      chip: 'Invited',
      expires: 'Valid until %{date}',
      cancel: 'Cancel invitation',
      cancelTitle: 'Cancel the invitation to %{email}?',
      cancelBody: 'The invitation link stops working at once and its account seat is freed.',
      cancelled: 'Invitation cancelled',
    },
    dialog: {
      title: 'Invite staff',
      intro: 'We will send an invitation link (valid for %{days} days); they join once they set a password.',
      submit: 'Send invitation',
      sent: 'Invitation sent to %{email}',
      limitHint: 'Your plan allows %{limit} accounts (pending invitations included).',
    },
    detail: {
      title: 'Staff member',
      self: 'This is your own staff record; you cannot change or remove it.',
      owner: "The site's owner cannot be removed or given another role.",
      readOnly: 'You may view staff but not edit them.',
      changeRole: 'Change role',
      saved: 'Role updated',
      saveFailed: 'The account role could not be saved. %{reason}',
      remove: 'Remove',
      removeTitle: 'Remove "%{name}"?',
      removeBody: 'They will no longer manage this site; their account itself stays.',
      removed: 'Staff member removed',
      back: 'Back to staff',
      notFound: 'This staff member was not found; they may have been removed.',
      noRoleChange: 'Changing a staff member’s role needs the Edit permissions permission.',
      adminLocked: 'Changing or removing an administrator needs the Edit admins permission.',
    },
    errors: {
      roleBeyond: 'This role has permissions your own role lacks, so you cannot give it.',
      adminInvited:
        'This address has an open invitation as administrator; replacing it needs the Edit admins permission.',
    },
    join: {
      title: 'Join the site',
      intro: '"%{site}" invites you to join its team.',
      account: 'Account',
      role: 'Role',
      exists: 'This e-mail already has an account: enter its password to join.',
      accountPassword: 'Account password',
      submit: 'Join',
      done: 'You joined "%{site}". Please sign in.',
      invalid:
        'This invitation link is invalid, used or expired. Ask the person who invited you for a new one.',
      missing: 'The invitation link is incomplete. Open it from the invitation e-mail.',
      toLogin: 'Go to sign in',
    },
    mail: {
      subject: '%{inviter} invites you to join "%{site}"',
      body: 'Hello,\n\n%{inviter} invites you to join the team of "%{site}" as %{role}.\nOpen the link below within %{days} days to join:\n%{link}\n\nIf you do not know the person who invited you, please ignore this e-mail.',
    },
    csv: {
      joined: 'Joined',
      pending: 'Invited',
    },
  },
};

export default staff;
