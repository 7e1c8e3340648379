/** en words of the public site's own pages and notices (i18n/zh-TW/publicSite.ts is the source). */
const publicSite = {
  publicSite: {
    siteNotFound: 'Site not found',
    pageNotFound: 'Page not found',
    busy: {
      title: 'This site is busy',
      body: 'Too many of its pages are being made right now. Please try again in a few seconds.',
    },
    error: {
      title: 'Something went wrong',
      body: "This page could not be shown: the site's theme ran into an error. Please try again later.",
    },
    comingSoon: { title: 'Coming soon', body: 'This site is being prepared. Please come back soon.' },
    preview: 'Preview — this version is not published',
    staffView: 'Not published: only staff can see this',
    paywall: 'The rest is for paying members.',
  },
};

export default publicSite;
