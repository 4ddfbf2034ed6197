// Build step: login.html, the page the server answers for /login. It is index.html with the log-in
// screen already drawn in English (the default language) and the entry's CSS inline, so the form is
// on screen at the first paint instead of after the scripts have run. The app then draws the same
// screen over it and keeps what was typed meanwhile (src/features/auth/login-shell.ts). A first
// inline script takes the shell away where the app would not draw this English form (a session in
// the tab, another language chosen, an access link) and hides the site field where the site is known.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_LANGUAGE, LANGUAGE_NAMES, LANGUAGES } from '@backline/contract';
import type { Plugin } from 'vite';
import { STORAGE_KEYS } from '../src/config/storage-keys.ts';

export const LOGIN_SHELL_FILE = 'login.html';

type Words = (key: string) => string;

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** The words of a language file, by dotted key; a missing key fails the build. */
export function wordsOf(i18nJson: string): Words {
  const tree = JSON.parse(i18nJson) as Record<string, unknown>;
  return (key) => {
    const value = key.split('.').reduce<unknown>((node, part) => {
      return node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
    }, tree);
    if (typeof value !== 'string') throw new Error(`login shell: no text for ${key}`);
    return escapeHtml(value);
  };
}

/**
 * The log-in screen as PublicLayout and LoginForm draw it (same elements, classes and order), with
 * the site field that the first script removes when the site is known. Its button only records a
 * press: the app, once running, sends the form.
 */
export function loginShellMarkup(t: Words): string {
  const options = LANGUAGES.map(
    (l) =>
      `<option value="${l}" lang="${l}"${l === DEFAULT_LANGUAGE ? ' selected' : ''}>${LANGUAGE_NAMES[l]}</option>`,
  ).join('');
  return (
    '<div class="screen"><div class="public-layout"><header class="app-header"><div class="app-header__bar">' +
    '<span class="brand"><span class="brand__mark" aria-hidden="true">B</span>Backline</span>' +
    `<div class="language-select language-select--header"><label for="shell-language">${t('common.language')}</label>` +
    `<select id="shell-language">${options}</select></div></div></header>` +
    '<main id="main" class="public-layout__main" tabindex="-1"><div class="login-card">' +
    '<form class="login-form" data-login-shell aria-describedby="shell-intro">' +
    '<h1 class="login-form__title">Backline</h1>' +
    `<p id="shell-intro" class="login-form__intro">${t('login.intro')}</p>` +
    `<div class="field"><label for="shell-login">${t('login.login')}</label>` +
    '<input id="shell-login" name="login" autocomplete="username" autocapitalize="none" spellcheck="false" required maxlength="254"></div>' +
    `<div class="field"><label for="shell-password">${t('login.password')}</label>` +
    '<input id="shell-password" name="password" type="password" autocomplete="current-password" required maxlength="256"></div>' +
    `<div class="field" data-shell-site><label for="shell-site">${t('login.site')}</label>` +
    '<input id="shell-site" name="site" type="number" inputmode="numeric" min="1" step="1" required value="1"></div>' +
    `<button type="button" class="button button--primary button--block">${t('login.submit')}</button>` +
    '</form></div></main></div></div><div class="toasts"></div>'
  );
}

/**
 * Runs before the first paint, right after the shell; the server allows it by its hash. It starts
 * the app once the shell is painted: only then are the entry and its chunks fetched (all at once,
 * by modulepreload) and run, because a module preloaded with the page is compiled on the page's
 * thread and held the first frame back in about half the runs (median 151 ms against 99 ms without).
 * The timer starts it where frames are not drawn (a hidden tab or frame).
 */
export function loginShellScript(entry: string, preloads: readonly string[]): string {
  return (
    `(()=>{const r=document.getElementById('root'),K=${JSON.stringify(STORAGE_KEYS)};` +
    `let started=false;const start=()=>{if(started)return;started=true;` +
    `for(const href of ${JSON.stringify(preloads)}){const l=document.createElement('link');` +
    "l.rel='modulepreload';l.crossOrigin='';l.href=href;document.head.append(l)}" +
    `import(${JSON.stringify(entry)})};` +
    'let s=null;try{s=sessionStorage}catch{}' +
    'const get=(k)=>{try{return s&&s.getItem(k)}catch{return null}};const lang=get(K.language);' +
    `if(get(K.session)||get(K.playerSession)||(lang&&lang!=='${DEFAULT_LANGUAGE}')||location.hash.length>1){r.replaceChildren();start();return}` +
    "if(/[?&]SiteId=0*[1-9][0-9]{0,8}(&|$)/.test(location.search)||get(K.siteId))r.querySelector('[data-shell-site]').remove();" +
    "const f=r.querySelector('form');f.querySelector('button').addEventListener('click',()=>{f.dataset.submitted='1'});" +
    "r.querySelector('select').addEventListener('change',(e)=>{try{s.setItem(K.language,e.target.value)}catch{}location.reload()});" +
    'requestAnimationFrame(()=>setTimeout(start));setTimeout(start,100)})();'
  );
}

/** login.html from the built index.html and its stylesheet. */
export function loginShellPage(indexHtml: string, css: { href: string; text: string }, t: Words) {
  const link = new RegExp(`<link rel="stylesheet"[^>]*href="${css.href}"[^>]*>`);
  if (!link.test(indexHtml)) throw new Error(`login shell: index.html has no link to ${css.href}`);
  if (!indexHtml.includes('<div id="root"></div>'))
    throw new Error('login shell: index.html has no empty #root');
  const entryTag = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(indexHtml);
  if (!entryTag) throw new Error('login shell: index.html has no entry script');
  const entry = entryTag[1]!;
  const preloadTag = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;
  const preloads = [entry, ...[...indexHtml.matchAll(preloadTag)].map((m) => m[1]!)];
  return indexHtml
    .replace(entryTag[0], '')
    .replace(preloadTag, '')
    .replace(link, () => `<style>${css.text}</style>`)
    .replace(/<title>[^<]*<\/title>/, () => `<title>${t('login.title')} · Backline</title>`)
    .replace(
      '<div id="root"></div>',
      () =>
        `<div id="root">${loginShellMarkup(t)}</div><script>${loginShellScript(entry, preloads)}</script>`,
    );
}

export function loginShell(publicDir: string): Plugin {
  return {
    name: 'backline:login-shell',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (index?.type !== 'asset') throw new Error('login shell: the build has no index.html');
      const html = String(index.source);
      const href = /<link rel="stylesheet"[^>]*href="([^"]+\.css)"/.exec(html)?.[1];
      const cssAsset = href ? bundle[href.replace(/^\//, '')] : undefined;
      if (!href || cssAsset?.type !== 'asset')
        throw new Error('login shell: no entry stylesheet in index.html');
      const words = wordsOf(
        readFileSync(join(publicDir, 'assets/i18n', `${DEFAULT_LANGUAGE}.json`), 'utf8'),
      );
      this.emitFile({
        type: 'asset',
        fileName: LOGIN_SHELL_FILE,
        source: loginShellPage(html, { href, text: String(cssAsset.source) }, words),
      });
    },
  };
}
