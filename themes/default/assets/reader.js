/*
 * The readers' forms of the default theme, without a framework: each <form data-reader="ACTION"> is posted as JSON to
 * /api/reader/ACTION on the site's own host (docs/themes.md lists the actions and their fields). A form with
 * data-captcha first solves the site's bot check (an ALTCHA proof of work from /api/reader/challenge, solved here
 * with Web Crypto) and sends it as `token` (assets/shop.js solves it through window.readerBotCheck). The server's
 * message is shown in the form's [data-message] element
 * (aria-live); a field the server refuses is marked aria-invalid and focused.
 *
 * After a success: signin shows the code step; verify goes to data-next; signout, delete, unfollow, profile and
 * subscription/cancel show their message (and reload where data-reload is set); follow and contact show theirs.
 */
(() => {
  const API = '/api/reader/';
  // The words for a failure the server did not explain (no answer): the script tag's data-error.
  const errorWord = document.currentScript?.getAttribute('data-error') || 'Error';

  const hexToBytes = (hex) => {
    const out = new Uint8Array(hex.length / 2);
    for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.substr(i * 2, 2), 16);
    return out;
  };
  const bytesToHex = (bytes) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

  /** Solves the site's challenge: SHA-256(salt ‖ nonce ‖ counter as 4 bytes) until the key starts with the prefix. */
  async function solveChallenge() {
    const res = await fetch(`${API}challenge`, { credentials: 'same-origin', cache: 'no-store' });
    if (!res.ok) throw new Error('challenge');
    const challenge = await res.json();
    const p = challenge.parameters;
    const salt = hexToBytes(p.salt);
    const nonce = hexToBytes(p.nonce);
    const prefix = String(p.keyPrefix).toLowerCase();
    const keyLength = p.keyLength || 32;
    const cost = Math.max(1, p.cost || 1);
    const data = new Uint8Array(salt.length + nonce.length + 4);
    data.set(salt, 0);
    data.set(nonce, salt.length);
    const view = new DataView(data.buffer);
    for (let counter = 0; counter <= 0xffffffff; counter++) {
      view.setUint32(salt.length + nonce.length, counter, false);
      let key = new Uint8Array(await crypto.subtle.digest('SHA-256', data));
      for (let i = 1; i < cost; i++) key = new Uint8Array(await crypto.subtle.digest('SHA-256', key));
      const hex = bytesToHex(key.subarray(0, keyLength));
      if (hex.startsWith(prefix)) {
        const payload = { challenge, solution: { counter, derivedKey: hex } };
        return btoa(JSON.stringify(payload));
      }
    }
    throw new Error('unsolved');
  }

  // The bot check for other forms of the theme (assets/shop.js: the order), whichever copy of this script ran first.
  if (!window.readerBotCheck) window.readerBotCheck = solveChallenge;
  // Included by the layout and by each reader template (for themes that lack them): bound once.
  if (window.__readerForms) return;
  window.__readerForms = true;

  function say(form, text, ok) {
    const box = form.querySelector('[data-message]');
    if (!box) return;
    box.textContent = text;
    box.classList.toggle('is-error', !ok);
    box.classList.toggle('is-ok', ok);
  }

  /** The form's fields as JSON: checkboxes as booleans, a numeric data-number field as a number. */
  function bodyOf(form) {
    for (const el of form.querySelectorAll('[data-path]')) el.value = window.location.pathname.slice(0, 200);
    const body = {};
    for (const el of form.elements) {
      if (!el.name || el.disabled || el.type === 'submit' || el.type === 'button') continue;
      if (el.type === 'checkbox') body[el.name] = el.checked;
      else if (el.hasAttribute('data-number')) {
        if (el.value !== '') body[el.name] = Number(el.value);
      } else if (el.value !== '' || el.required) body[el.name] = el.value;
    }
    return body;
  }

  function markFields(form, errors) {
    let first = null;
    for (const el of form.elements) {
      if (!el.name) continue;
      const bad = Boolean(errors && Object.hasOwn(errors, el.name));
      if (bad) el.setAttribute('aria-invalid', 'true');
      else el.removeAttribute('aria-invalid');
      if (bad && !first) first = el;
    }
    return first;
  }

  async function post(action, body) {
    const res = await fetch(API + action, {
      method: 'POST',
      credentials: 'same-origin',
      headers: {
        'content-type': 'application/json',
        'accept-language': document.documentElement.lang || 'zh-TW',
      },
      body: JSON.stringify(body),
    });
    try {
      return await res.json();
    } catch {
      return { code: 0, msg: errorText(), data: null };
    }
  }

  const errorText = () => errorWord;

  function showStep(root, step, focus = true) {
    for (const part of root.querySelectorAll('[data-step]'))
      part.hidden = part.getAttribute('data-step') !== step;
    const next = root.querySelector(`[data-step="${step}"] input:not([type=hidden])`);
    if (next && focus) next.focus();
  }

  async function submit(form, event) {
    event.preventDefault();
    const action = form.getAttribute('data-reader');
    const button = form.querySelector('[type=submit]');
    if (button) button.disabled = true;
    say(form, form.getAttribute('data-pending') || '', true);
    try {
      const body = bodyOf(form);
      if (form.hasAttribute('data-captcha')) body.token = await solveChallenge();
      const reply = await post(action, body);
      if (reply.code !== 1) {
        const errors = reply.data?.errors;
        const first = markFields(form, errors);
        const details = errors ? Object.values(errors).join(' ') : '';
        say(form, [reply.msg, details].filter(Boolean).join(' '), false);
        if (first) first.focus();
        return;
      }
      markFields(form, null);
      await done(form, action, reply.data);
    } catch {
      say(form, errorText(), false);
    } finally {
      if (button) button.disabled = false;
    }
  }

  async function done(form, action, data) {
    const success = form.getAttribute('data-success') || '';
    const root = form.closest('[data-reader-flow]') || document;
    if (action === 'signin') {
      const email = form.querySelector('[name=email]');
      for (const field of root.querySelectorAll('[data-fill=email]')) field.value = email ? email.value : '';
      for (const shown of root.querySelectorAll('[data-show=email]'))
        shown.textContent = email ? email.value : '';
      showStep(root, 'code');
      const codeForm = root.querySelector('form[data-reader=verify]');
      if (codeForm) say(codeForm, success, true);
      return;
    }
    if (action === 'verify') {
      say(form, success, true);
      window.location.assign(form.getAttribute('data-next') || '/');
      return;
    }
    if (action === 'contact') form.reset();
    say(form, success, true);
    if (form.hasAttribute('data-reload')) window.setTimeout(() => window.location.reload(), 600);
    if (form.hasAttribute('data-go')) window.location.assign(form.getAttribute('data-go'));
    return data;
  }

  function start() {
    for (const form of document.querySelectorAll('form[data-reader]')) {
      form.addEventListener('submit', (event) => void submit(form, event));
    }
    for (const back of document.querySelectorAll('[data-back-to]')) {
      back.addEventListener('click', () =>
        showStep(back.closest('[data-reader-flow]') || document, back.getAttribute('data-back-to')),
      );
    }
    for (const flow of document.querySelectorAll('[data-reader-flow]')) showStep(flow, 'email', false);
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})();
