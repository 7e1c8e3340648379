/**
 * Slugs made from titles (SPEC §5): Chinese becomes toneless pinyin, so 新北市的天氣 → xin-bei-shi-de-tian-qi. The
 * server and the SPA make the same slug. This module pulls in pinyin-pro (large): the SPA loads it lazily, so it
 * imports nothing else but the (small) patterns.
 */
import { pinyin } from 'pinyin-pro';
import { PATTERNS } from './patterns';

export const SLUG_MAX_LENGTH = 100;

/**
 * Common Traditional characters with their Simplified forms. pinyin-pro knows its phrases in Simplified only, so
 * Traditional text misreads polyphones (電動車 → dian-dong-ju, 銀行 → yin-xing); read through these it gets them
 * right (dian-dong-che, yin-hang). Characters whose Simplified form depends on the word (著, 乾) are left out.
 */
const TRADITIONAL_PAIRS =
  '們们這这個个來来時时對对說说會会為为過过後后開开麼么裡里與与從从讓让進进話话體体機机關关實实現现經经' +
  '學学問问見见東东車车動动電电網网頁页區区線线書书寫写讀读報报紙纸單单員员變变產产際际費费選选導导歷历' +
  '論论響响華华韓韩廣广場场鄉乡買买賣卖貨货價价錢钱銀银號号碼码廠厂藥药療疗醫医衛卫劃划畫画齊齐濟济識识' +
  '臺台於于幹干髮发發发鬆松麵面蘋苹還还調调彈弹長长國国門门間间聞闻閱阅氣气灣湾島岛縣县鎮镇種种標标籤签' +
  '類类聯联絡络統统結结給给約约級级紅红綠绿藍蓝黃黄顏颜頭头題题顯显項项順顺預预領领願愿風风飛飞馬马魚鱼' +
  '鳥鸟龍龙雞鸡鴨鸭豬猪貓猫飯饭飲饮館馆麥麦餅饼雜杂誌志語语訊讯記记設设計计認认證证試试詩诗請请謝谢議议' +
  '護护許许談谈課课該该詞词譯译觀观視视覽览親亲覺觉規规貝贝負负財财責责貴贵資资質质購购賽赛贏赢輸输轉转' +
  '輕轻較较載载軟软輪轮連连運运達达遠远遊游邊边郵邮鄰邻鐵铁銷销鋼钢錄录鏡镜鐘钟錯错鍵键陽阳陰阴陳陈隊队' +
  '險险隨随難难雙双雖虽雲云靈灵樂乐樓楼樹树橋桥權权條条極极構构樣样槍枪歲岁歡欢歸归殺杀殼壳濕湿滿满漢汉' +
  '潔洁測测湯汤溫温災灾無无燈灯熱热爐炉愛爱態态應应憶忆戰战戲戏戶户擔担據据擇择擁拥擴扩揚扬換换損损搖摇' +
  '攝摄攤摊敗败數数斷断晉晋暫暂曉晓歐欧壞坏塊块壓压壯壮聲声處处備备復复夠够夢梦奪夺奮奋婦妇媽妈嬰婴孫孙' +
  '寧宁寵宠審审寬宽將将專专尋寻層层屬属嶺岭幣币帶带幫帮廳厅張张強强徑径徵征憂忧懷怀懶懒戀恋總总惡恶憲宪' +
  '慣惯慶庆漁渔濱滨灑洒灘滩煙烟燒烧營营爺爷牆墙獎奖獨独獲获環环瑪玛當当盡尽監监盤盘確确禮礼禪禅離离稅税' +
  '穩稳窮穷競竞筆笔節节範范築筑簡简簽签籃篮糧粮緊紧綜综緒绪編编練练縮缩績绩織织繪绘繼继續续罰罚羅罗義义' +
  '習习聖圣聰聪職职聽听腦脑膽胆臉脸臟脏興兴藝艺蘇苏蘭兰蟲虫補补裝装製制複复訂订討讨訓训託托訪访診诊評评' +
  '詢询詳详誠诚誰谁諮咨講讲謹谨譜谱讚赞貢贡貧贫販贩貫贯貼贴賀贺賓宾賞赏賠赔賴赖賺赚趕赶趙赵躍跃軍军軌轨' +
  '輔辅輛辆輩辈轄辖辦办農农迴回適适遲迟遷迁遺遗鄭郑醬酱釋释針针釣钓鈔钞鉛铅銅铜鋪铺鍋锅鎖锁鑰钥閃闪閉闭' +
  '閒闲閣阁闆板陣阵陸陆階阶隱隐靜静頂顶須须頒颁頓顿頻频額额顧顾飄飘飽饱養养餘余騎骑驗验驚惊髒脏鬥斗鬧闹' +
  '魯鲁鮮鲜鳳凤鴻鸿鵝鹅鹽盐麗丽黨党齒齿齡龄龜龟';
const SIMPLIFIED = new Map(
  Array.from({ length: TRADITIONAL_PAIRS.length / 2 }, (_, i) => [
    TRADITIONAL_PAIRS[2 * i],
    TRADITIONAL_PAIRS[2 * i + 1],
  ]),
);
const simplify = (text: string) => text.replace(PATTERNS.character.re, (c) => SIMPLIFIED.get(c) ?? c);

/** Cuts at a '-' boundary when that keeps at least half, so no syllable is split. */
function cut(slug: string, max: number): string {
  if (slug.length <= max) return slug;
  const head = slug.slice(0, max);
  const boundary = slug[max] === '-' ? max : head.lastIndexOf('-');
  return (boundary >= max / 2 ? head.slice(0, boundary) : head).replace(PATTERNS.trailingHyphens.re, '');
}

/** A slug for `text` that passes rules.slug, or '' when nothing usable is left (only emoji or punctuation). */
export function slugify(text: string): string {
  // `v: true` writes ü as v (lü → lv), the usual spelling in addresses, so 旅 and 路 stay apart.
  const syllables = pinyin(simplify(text), {
    toneType: 'none',
    type: 'array',
    nonZh: 'consecutive',
    v: true,
  });
  const slug = syllables
    .join('-')
    // Full-width letters become ASCII, accents fall off (café → cafe).
    .normalize('NFKD')
    .replace(PATTERNS.combiningMark.re, '')
    .toLowerCase()
    .replace(PATTERNS.notSlugRun.re, '-')
    .replace(PATTERNS.edgeHyphens.re, '');
  return cut(PATTERNS.leadingDigit.re.test(slug) ? `p-${slug}` : slug, SLUG_MAX_LENGTH);
}

/** `base` with `-n` appended, shortened so that the whole still fits the limit. */
export function slugWithSuffix(base: string, n: number): string {
  const suffix = `-${n}`;
  return `${cut(base, SLUG_MAX_LENGTH - suffix.length)}${suffix}`;
}
