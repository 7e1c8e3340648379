/** ja words: the writer's AI helper panel (suggested slug, tags and summary, the month's quota). */
import type { DeepStrings } from '../types';
import type source from '../zh-TW/aiHelper';

const aiHelper: DeepStrings<typeof source> = {
  aiHelper: {
    title: 'AI アシスタント',
    remain: '今月の残り %{remain} / %{quota} 回',
    usedUp: '今月の AI アシスタントの利用回数を使い切りました。来月にリセットされます。',
    needText: '先に本文を入力してください。AI アシスタントは本文から提案します。',
    needFreeText: '有料ブロックより前に本文がありません。AI アシスタントは無料部分だけを読みます。',
    ask: { slug: 'URL を提案', tags: 'タグを提案', summary: '要約を提案' },
    kind: { slug: 'URL', tags: 'タグ', summary: '要約（SEO 説明）' },
    working: '提案を作成中…',
    accept: '適用',
    acceptAll: 'すべて追加',
    dismiss: '閉じる',
    none: 'この内容には提案できる項目がありません。',
    accepted: '提案を適用しました',
    hint: '提案は「適用」を押したときだけ入力されます。AI アシスタントは有料ブロックより前の本文だけを読むため、有料部分は提案に含まれません。',
  },
};

export default aiHelper;
