/** en words: themes (/setting/theme) and design (/design). */
import type { DeepStrings } from '../types';
import type themesSource from '../zh-TW/themes';

const themes: DeepStrings<typeof themesSource> = {
  themes: {
    menu: 'Themes',
    title: 'Themes',
    subtitle: "Choose your site's look: upload a theme, apply it, or go back to an earlier version.",
    applied: 'In use',
    builtin: 'Built-in',
    noCover: 'No cover',
    version: 'Version',
    versionLine: 'Version %{version}',
    ownerLine: 'Uploaded by %{name}',
    lastChangeLine: 'Last change: %{date}',
    empty: 'No uploaded themes yet.',
    upload: {
      button: 'Upload theme',
      hint: '.zip file, 20 MB at most',
      sending: 'Uploading…',
      notZip: 'Choose a .zip file',
      done: 'Uploaded “%{name}” %{version}',
    },
    detail: {
      title: 'Theme details',
      description: 'Description',
      history: 'Version history',
      renderError: 'On %{date}, showing %{path} failed and visitors saw the error page:',
      renderLimit: {
        time: 'The page took longer than the limit (%{seconds} seconds) to make. Check the loops in the theme.',
        output:
          'The page was larger than the limit (%{mb} MB). Check whether the theme repeats a lot of content.',
        memory: 'Making the page took more memory than the limit. Check the loops and captures in the theme.',
      },
      kept: 'Only the latest %{n} versions are kept (the one in use always is); the versions kept count toward the plan’s upload space.',
      seq: 'No.',
      date: 'Uploaded',
      who: 'Uploaded by',
      size: 'Size',
      enabled: 'Version in use',
      chosen: 'Used when applied',
      enable: 'Enable',
      enableLabel: 'Enable version %{version}',
      download: 'Download',
      downloadLabel: 'Download version %{version}',
      enabledDone: 'Version %{version} enabled',
      chosenDone: 'Version %{version} will be used when this theme is applied',
      preview: 'Preview',
      apply: 'Apply',
      delete: 'Delete',
      close: 'Close',
    },
    apply: {
      title: 'Apply “%{name}”?',
      body: 'Your site takes on this theme’s look right away.',
      done: '“%{name}” applied',
    },
    delete: {
      title: 'Delete “%{name}”?',
      body: 'This theme and all its versions will be deleted. This cannot be undone.',
      done: 'Theme deleted',
    },
  },
  design: {
    menu: 'Design',
    title: 'Design',
    subtitle: 'Adjust the settings of the current theme “%{name}” %{version}, with a live preview.',
    preview: 'Live preview',
    previewTitle: 'Site preview',
    previewLoading: 'Updating the preview…',
    save: 'Save',
    saved: 'Saved',
    reset: 'Restore defaults',
    resetHint: 'Restored to the theme’s defaults; save to keep them.',
    hex: '%{label} (hex)',
    range: '%{min} to %{max}',
    outOfRange: 'Enter a number from %{min} to %{max}',
    badColor: 'Enter a colour like #1a2b3c',
    none: 'This theme has no settings to adjust.',
  },
  siteLinks: {
    view: 'View on site',
    preview: 'Preview',
  },
};

export default themes;
