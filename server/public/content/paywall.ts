/** The notice where a paid section starts, in the page's language (plain words: themes bring no words here). */
const NOTICE: Record<string, string> = {
  'zh-TW': '以下為付費內容。',
  'zh-CN': '以下为付费内容。',
  ja: 'この先は有料会員向けです。',
};

export const paywallNotice = (lang: string): string => NOTICE[lang] ?? 'The rest is for paying members.';
