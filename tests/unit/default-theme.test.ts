/**
 * The built-in theme (themes/default, "Paper") keeps the theme contract: its manifest parses, the required templates
 * exist and parse, the three locales hold the same words, every word a template asks for exists, and every page of
 * the fixture site renders in every language without reaching outside the site.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Liquid } from 'liquidjs';
import { describe, expect, it } from 'vitest';
import { THEME_FILE_TYPES, THEME_REQUIRED_TEMPLATES, ThemeManifest } from '../../contract/themes';
import { FIXTURE_LANGUAGES, FIXTURE_ORIGIN, FIXTURE_PAGES, pageContext } from '../fixtures/pageContexts';
import { DEFAULT_THEME_DIR, loadTheme, renderPage, themeSettings, wordsFor } from '../fixtures/themeRender';

const theme = loadTheme();
const LOCALES = ['zh-TW', 'en', 'ja'];

/** Keys a template translates literally: {{ 'read_more' | t }}. */
function literalWordKeys(source: string): string[] {
  return [...source.matchAll(/['"]([A-Za-z0-9_.-]{1,80})['"]\s*\|\s*t\b/g)].map((m) => m[1]);
}

// Rendering thirty pages takes a second alone, several on a loaded machine: a bound, not a wait.
describe('the default theme', { timeout: 60_000 }, () => {
  it('has a manifest the contract accepts, named Paper 1.0.0, with its settings labelled in three languages', () => {
    const raw = JSON.parse(readFileSync(path.join(DEFAULT_THEME_DIR, 'theme.json'), 'utf8'));
    const manifest = ThemeManifest.parse(raw);
    expect(manifest).toMatchObject({ name: 'Paper', version: '1.0.0', cover: 'assets/cover.svg' });
    expect(theme.assets.has('cover.svg')).toBe(true);
    expect(manifest.settings.map((s) => `${s.id}:${s.type}`)).toEqual([
      'accent_color:color',
      'font_style:select',
      'card_style:select',
      'show_reading_time:checkbox',
      'columns:number',
      'footer_text:text',
    ]);
    for (const setting of manifest.settings) {
      expect(Object.keys(setting.label).sort(), setting.id).toEqual(['en', 'ja', 'zh-TW']);
    }
    expect(manifest.settings.find((s) => s.id === 'columns')).toMatchObject({ min: 2, max: 4 });
  });

  it('has every required template, and every template parses', () => {
    for (const name of THEME_REQUIRED_TEMPLATES) expect(theme.templates[name], name).toBeTypeOf('string');
    const engine = new Liquid();
    for (const [name, source] of Object.entries(theme.templates)) {
      expect(() => engine.parse(source), name).not.toThrow();
    }
  });

  it('has only allowed file types, a small stylesheet and no outside address in its CSS', () => {
    const types: readonly string[] = THEME_FILE_TYPES;
    for (const file of [...theme.assets.keys()]) expect(types, file).toContain(file.split('.').pop());
    const css = theme.assets.get('theme.css')?.body.toString('utf8') ?? '';
    expect(css.length).toBeGreaterThan(1000);
    expect(css.length).toBeLessThan(24_000);
    expect(css).not.toMatch(/@import|url\(|@font-face/);
  });

  it('has the same words in zh-TW, en and ja, none empty', () => {
    expect(Object.keys(theme.locales).sort()).toEqual([...LOCALES].sort());
    const keys = Object.keys(theme.locales['zh-TW']).sort();
    for (const locale of LOCALES) {
      expect(Object.keys(theme.locales[locale]).sort(), locale).toEqual(keys);
      for (const [key, word] of Object.entries(theme.locales[locale])) {
        expect(word.trim(), `${locale}.${key}`).not.toBe('');
      }
    }
  });

  it('has every word its templates ask for, including the kinds of list pages', () => {
    const used = new Set(Object.values(theme.templates).flatMap(literalWordKeys));
    // list.liquid translates collection.kind.
    for (const kind of ['category', 'tag', 'author']) used.add(kind);
    expect(used.size).toBeGreaterThan(15);
    for (const key of used) {
      for (const locale of LOCALES) expect(theme.locales[locale], `${locale}: ${key}`).toHaveProperty(key);
    }
  });

  it('renders every page of the fixture site in every language, in that language, with nothing from outside', async () => {
    const settings = themeSettings(theme);
    for (const language of FIXTURE_LANGUAGES) {
      const t = wordsFor(theme, language);
      for (const page of FIXTURE_PAGES) {
        const html = await renderPage(theme, pageContext(language, page, settings));
        expect(html, `${language} ${page}`).toContain(`<html lang="${language}">`);
        expect(html).toContain(`<a class="skip-link" href="#main">${t('skip_to_content')}</a>`);
        expect(html).toMatch(/<link rel="stylesheet" href="\/assets\/[0-9a-f]{12}\/theme\.css">/);
        // Sources (src, stylesheet, script) stay on the site: links may leave it, loads may not.
        for (const [, url] of html.matchAll(/(?:src|poster)="([^"]*)"/g)) expect(url).toMatch(/^\/(?!\/)/);
        expect(html).not.toMatch(/<script[^>]+src="https?:/);
        for (const [, url] of html.matchAll(/<link rel="stylesheet" href="([^"]*)"/g)) {
          expect(url.startsWith('/') || url.startsWith(FIXTURE_ORIGIN)).toBe(true);
        }
      }
    }
  });

  it('shows related articles with their 100-character agenda excerpt, other lists with the abstract', async () => {
    const context = pageContext('zh-TW', 'post', themeSettings(theme));
    const related = context.article?.related ?? [];
    expect(related.length).toBeGreaterThan(0);
    if (context.article)
      context.article.related = related.map((r) => ({
        ...r,
        abstract: '較長的摘要文字',
        agenda: '議程摘錄',
      }));
    const post = await renderPage(theme, context);
    expect(post).toContain('<p class="card-abstract">議程摘錄</p>');
    expect(post).not.toContain('較長的摘要文字');
    const list = pageContext('zh-TW', 'category', themeSettings(theme));
    const first = list.collection?.articles[0];
    expect(first).toBeDefined();
    if (first) {
      first.abstract = '分類卡片的摘要';
      first.agenda = '不該出現';
    }
    const listHtml = await renderPage(theme, list);
    expect(listHtml).toContain('分類卡片的摘要');
    expect(listHtml).not.toContain('不該出現');
  });

  it('shows each page its own parts', async () => {
    const settings = themeSettings(theme);
    const render = (language: (typeof FIXTURE_LANGUAGES)[number], page: (typeof FIXTURE_PAGES)[number]) =>
      renderPage(theme, pageContext(language, page, settings));

    const post = await render('zh-TW', 'post');
    expect(post).toContain('<h1 class="post-title">大稻埕的老屋新生：三代人守著一間茶行</h1>');
    expect(post).toContain('<aside class="paywall"><p>以下為付費內容。</p></aside>');
    expect(post).toContain('作者 <a href="https://paper.example/author/1">林小雨</a>、<a');
    expect(post).toContain('3 分鐘閱讀');
    expect(post).toContain('<h2 id="related-title" class="section-title">延伸閱讀</h2>');
    expect(await render('zh-TW', 'postPreview')).toContain('<hr class="paid-marker">');

    // Words inside partials are in the page's language too.
    const english = await render('en', 'post');
    expect(english).toContain('By <a href="https://paper.example/en/author/1">Rain Lin</a>, <a');
    expect(english).toContain('<span class="meta-time">3 min read</span>');
    expect(english).toContain('Shop<span class="visually-hidden">(opens in a new tab)</span>');

    const list = await render('en', 'category');
    expect(list).toContain('<p class="kicker">Category</p>');
    expect(list).toContain('rel="prev" href="https://paper.example/en/category/city"');
    expect(list).toContain('rel="next" href="https://paper.example/en/category/city?page=3"');
    expect(list).toContain('<span class="visually-hidden">Page</span> 2 / 5');

    const home = await render('ja', 'home');
    expect(home).toContain('card card-lead');
    expect(home).toContain('<summary>文化</summary>');
    expect(home).toContain('target="_blank" rel="noopener">ショップ<span class="visually-hidden">');
    expect(await render('ja', 'homeList')).toContain('<ul class="article-list">');

    const soon = await render('ja', 'comingSoon');
    expect(soon).toContain('<h1>近日公開</h1>');
    expect(soon).toContain('サンプル新聞');
    expect(soon).not.toContain('class="main-nav"');
    expect(await render('zh-TW', 'comingSoon')).toContain('<h1>即將推出</h1>');
    expect(await render('en', 'notFound')).toContain('<a class="button" href="https://paper.example/en">');
  });

  it('turns design settings into CSS custom properties and classes, and keeps odd values out of the <style>', async () => {
    const page = (values: Record<string, string | number | boolean>) =>
      renderPage(theme, pageContext('en', 'home', themeSettings(theme, values)));
    const chosen = await page({
      accent_color: '#225588',
      columns: 4,
      font_style: 'serif',
      card_style: 'raised',
      show_reading_time: false,
      footer_text: 'Made in Taipei <3',
    });
    expect(chosen).toContain('<style>:root{--accent:#225588;--columns:4}</style>');
    expect(chosen).toContain('<body class="font-serif cards-raised template-index">');
    expect(chosen).not.toContain('min read');
    expect(chosen).toContain('<p class="footer-text">Made in Taipei &lt;3</p>');

    const odd = await page({ accent_color: '#fff;}*{x', columns: 40, font_style: '"><b>', card_style: 'x' });
    expect(odd).toContain('<style>:root{--accent:#a1352b;--columns:4}</style>');
    expect(odd).toContain('<body class="font-sans cards-plain template-index">');
  });

  it("the theme author's guide's example is a working theme", async () => {
    const guide = readFileSync(path.resolve(DEFAULT_THEME_DIR, '../../docs/themes.md'), 'utf8');
    const example = guide.slice(guide.indexOf('## An example'));
    const files = [...example.matchAll(/^`([\w/.-]+)`[^\n]*\n\n```\w+\n([\s\S]*?)\n```/gm)];
    expect(files.map(([, file]) => file)).toEqual([
      'theme.json',
      'templates/layout.liquid',
      'templates/partials/item.liquid',
      'templates/index.liquid',
      'templates/post.liquid',
      'templates/page.liquid',
      'templates/list.liquid',
      'templates/404.liquid',
      'locales/zh-TW.json',
    ]);
    const dir = mkdtempSync(path.join(tmpdir(), 'theme-example-'));
    try {
      for (const [, file, body] of files) {
        mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
        writeFileSync(path.join(dir, file), body);
      }
      // The guide gives zh-TW's words and says en and ja hold the same keys; the stylesheet is the reader's own.
      for (const locale of ['en', 'ja'])
        writeFileSync(path.join(dir, `locales/${locale}.json`), files.at(-1)?.[2] ?? '');
      mkdirSync(path.join(dir, 'assets'));
      writeFileSync(path.join(dir, 'assets/style.css'), 'body { margin: 0; }');

      const minimal = loadTheme(dir);
      expect(minimal.manifest.name).toBe('Minimal');
      for (const name of THEME_REQUIRED_TEMPLATES) expect(minimal.templates[name], name).toBeTypeOf('string');
      const words = Object.keys(minimal.locales['zh-TW']);
      for (const key of Object.values(minimal.templates).flatMap(literalWordKeys))
        expect(words).toContain(key);
      for (const page of FIXTURE_PAGES.filter((p) => p !== 'comingSoon')) {
        const html = await renderPage(minimal, pageContext('en', page, themeSettings(minimal)));
        expect(html, page).toContain('<html lang="en">');
        expect(html).toContain('<style>:root{--accent:#1f5f8b}</style>');
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
