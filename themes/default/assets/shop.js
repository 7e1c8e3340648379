/*
 * The shop of the default theme (docs/themes.md, "The shop"), without a framework:
 * - the cart, kept in this browser's localStorage (one per site: each site has its own host) as [{sku_id, qty}]
 *   only, never prices; the header's cart link shows how many units it holds;
 * - a product page's form (#shop-goods) adds the chosen SKU;
 * - /cart (#shop-cart) prices the cart with reader/shop/quote (the server's prices, stock and shipping), lets the
 *   buyer change quantities, remove lines and choose the shipping, then solves the bot check (window.readerBotCheck
 *   of assets/reader.js) and makes the order with reader/shop/order: the cart is emptied and the order page opens;
 * - /order (#shop-order) shows the order from reader/shop/get and, while unpaid, the card form: the card is traded
 *   for a one-time prime at the gateway's endpoint, reader/shop/pay answers the 3-D Secure window's address, which
 *   comes back to this page.
 * Buttons are disabled while their call is in flight, so a double click makes one order and one charge. Data is
 * written into the page with textContent only. window.shopCart holds the pure cart helpers (unit-tested).
 */
(() => {
  if (window.shopCart) return;

  const CART_KEY = 'shop-cart';
  /** contract/shop.ts CART_LINES_MAX and LINE_QTY_MAX. */
  const LINES_MAX = 30;
  const QTY_MAX = 99;
  const ID_MAX = 2147483647;

  /** A stored cart made safe: lines {sku_id, qty} of whole numbers in bounds, one per SKU, at most LINES_MAX. */
  function normalise(value) {
    const lines = [];
    if (!Array.isArray(value)) return lines;
    for (const item of value) {
      if (!item || typeof item !== 'object') continue;
      const id = item.sku_id;
      const qty = item.qty;
      if (!Number.isInteger(id) || id < 1 || id > ID_MAX || !Number.isInteger(qty) || qty < 1) continue;
      const same = lines.find((l) => l.sku_id === id);
      if (same) same.qty = Math.min(QTY_MAX, same.qty + qty);
      else if (lines.length < LINES_MAX) lines.push({ sku_id: id, qty: Math.min(QTY_MAX, qty) });
    }
    return lines;
  }

  /** The cart with `qty` more of a SKU (bounded); unchanged when it is full and the SKU is new. */
  const add = (lines, skuId, qty) => normalise([...lines, { sku_id: skuId, qty }]);
  /** The cart with a SKU's quantity set (1..QTY_MAX), or the line removed at 0. */
  const setQty = (lines, skuId, qty) =>
    normalise(lines.map((l) => (l.sku_id === skuId ? { sku_id: skuId, qty } : l)));
  const remove = (lines, skuId) => lines.filter((l) => l.sku_id !== skuId);
  const units = (lines) => lines.reduce((n, l) => n + l.qty, 0);

  function read() {
    try {
      return normalise(JSON.parse(window.localStorage.getItem(CART_KEY) || '[]'));
    } catch {
      return [];
    }
  }
  function write(lines) {
    try {
      if (lines.length) window.localStorage.setItem(CART_KEY, JSON.stringify(normalise(lines)));
      else window.localStorage.removeItem(CART_KEY);
    } catch {
      // Storage refused (private mode, full): the cart lasts as long as the page.
    }
    showCount();
  }

  /** `%{name}` in a word takes args.name. */
  const fill = (word, args = {}) =>
    String(word || '').replace(/%\{(\w+)\}/g, (whole, k) =>
      Object.hasOwn(args, k) ? String(args[k]) : whole,
    );
  const money = (n) => `NT$${Number(n).toLocaleString('en-US')}`;

  window.shopCart = { normalise, add, setQty, remove, units, fill, money, read, write };

  function showCount() {
    if (typeof document === 'undefined') return;
    const n = units(read());
    for (const el of document.querySelectorAll('[data-cart-count]')) {
      el.textContent = n > 0 ? ` (${n})` : '';
      el.hidden = n === 0;
    }
  }

  const wordsOf = (root) => {
    try {
      return JSON.parse(root.getAttribute('data-words') || '{}');
    } catch {
      return {};
    }
  };
  const lang = () => document.documentElement.lang || 'zh-TW';

  /** A call to the buyers' API; a reply that is no JSON (a proxy's page) is an error. */
  async function post(url, body) {
    const res = await fetch(url, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', 'accept-language': lang() },
      body: JSON.stringify(body),
    });
    try {
      return await res.json();
    } catch {
      return { code: 0, msg: '', data: null };
    }
  }

  const el = (tag, text, cls) => {
    const node = document.createElement(tag);
    if (text !== undefined) node.textContent = text;
    if (cls) node.className = cls;
    return node;
  };

  function say(box, text, ok) {
    if (!box) return;
    box.textContent = text || '';
    box.classList.toggle('is-error', ok === false);
    box.classList.toggle('is-ok', ok === true);
  }

  /** A refusal's words: the server's message, and its field errors. */
  const refusal = (reply, words) => {
    const errors = reply?.data?.errors;
    const details = errors && typeof errors === 'object' ? Object.values(errors).join(' ') : '';
    return [reply?.msg || words.error, details].filter(Boolean).join(' ');
  };

  // A product's page: add the chosen SKU to the cart.
  function startGoods(root) {
    const words = wordsOf(root);
    const form = root.querySelector('.goods-form');
    if (!form) return;
    const box = form.querySelector('[data-message]');
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      const sku = form.querySelector('[name=sku_id]:checked');
      const qtyField = form.querySelector('[name=qty]');
      const qty = Math.max(1, Math.min(QTY_MAX, Number.parseInt(qtyField?.value || '1', 10) || 1));
      if (!sku) return say(box, words.chooseSku, false);
      write(add(read(), Number(sku.value), qty));
      box.textContent = '';
      box.classList.remove('is-error');
      box.classList.add('is-ok');
      box.append(`${words.added} `);
      const link = el('a', words.viewCart);
      link.href = root.getAttribute('data-cart-url') || '/cart';
      box.append(link);
    });
  }

  // The cart and the checkout.
  function startCart(root) {
    const words = wordsOf(root);
    const message = root.querySelector('[data-cart-message]');
    const empty = root.querySelector('[data-cart-empty]');
    const form = root.querySelector('[data-checkout]');
    const box = form.querySelector('[data-message]');
    const button = form.querySelector('button[type=submit]');
    const shopUrl = root.getAttribute('data-shop-url') || '/shop';
    const langId = Number(root.getAttribute('data-lang')) || undefined;
    let chosen = null;
    let quote = null;
    let asked = 0;
    let placing = false;

    const showEmpty = () => {
      say(message, '');
      form.hidden = true;
      empty.hidden = false;
    };

    async function price(note) {
      const lines = read();
      if (lines.length === 0) return showEmpty();
      const mine = ++asked;
      const body = { items: lines, lang_id: langId };
      if (chosen) body.logistic_id = chosen;
      let reply;
      try {
        reply = await post(root.getAttribute('data-quote'), body);
      } catch {
        reply = null;
      }
      if (mine !== asked) return;
      if (reply?.code !== 1) {
        say(message, refusal(reply, words), false);
        return;
      }
      quote = reply.data;
      let said = note || '';
      if (quote.unavailable.length) {
        let kept = read();
        for (const id of quote.unavailable) kept = remove(kept, id);
        write(kept);
        said = words.removedUnavailable;
        if (kept.length === 0) {
          showEmpty();
          say(message, said, false);
          return;
        }
      }
      if (chosen && !quote.logistics.some((l) => l.id === chosen)) chosen = null;
      render();
      say(message, said, said ? false : undefined);
    }

    function render() {
      const tbody = form.querySelector('[data-lines]');
      tbody.replaceChildren();
      for (const line of quote.lines) {
        const row = el('tr');
        const name = el('td');
        const link = el('a', line.goods_name);
        link.href = `${shopUrl}/${encodeURIComponent(line.goods_slug || String(line.goods_id))}`;
        name.append(link);
        if (line.sku_name) name.append(el('span', ` · ${line.sku_name}`));
        if (line.available < line.qty)
          name.append(
            el(
              'p',
              line.available > 0
                ? fill(words.notEnough, { name: line.goods_name, left: line.available })
                : words.soldOut,
              'line-warning',
            ),
          );
        const qtyCell = el('td');
        const qty = el('input');
        qty.type = 'number';
        qty.min = '1';
        qty.max = String(QTY_MAX);
        qty.value = String(line.qty);
        qty.inputMode = 'numeric';
        qty.setAttribute('aria-label', fill(words.qtyOf, { name: `${line.goods_name} ${line.sku_name}` }));
        qty.addEventListener('change', () => {
          const n = Math.max(1, Math.min(QTY_MAX, Number.parseInt(qty.value, 10) || 1));
          write(setQty(read(), line.sku_id, n));
          void price();
        });
        qtyCell.append(qty);
        const drop = el('td');
        const removeButton = el('button', words.remove, 'link-button');
        removeButton.type = 'button';
        removeButton.setAttribute('aria-label', `${words.remove} ${line.goods_name} ${line.sku_name}`);
        removeButton.addEventListener('click', () => {
          write(remove(read(), line.sku_id));
          void price();
        });
        drop.append(removeButton);
        row.append(name, el('td', money(line.price)), qtyCell, el('td', money(line.amount)), drop);
        tbody.append(row);
      }
      const options = form.querySelector('[data-logistics]');
      options.replaceChildren();
      if (quote.logistics.length === 0) options.append(el('p', words.noLogistics));
      for (const option of quote.logistics) {
        const wrap = el('div', undefined, 'logistics-option');
        const radio = el('input');
        radio.type = 'radio';
        radio.name = 'logistic_id';
        radio.id = `logistic-${option.id}`;
        radio.value = String(option.id);
        radio.checked = option.id === chosen;
        radio.addEventListener('change', () => {
          chosen = option.id;
          void price();
        });
        const label = el('label');
        label.htmlFor = radio.id;
        label.append(el('strong', option.name), ` ${option.fee > 0 ? money(option.fee) : words.free}`);
        if (option.free_threshold > 0 && option.fee > 0)
          label.append(el('span', ` · ${fill(words.freeOver, { amount: money(option.free_threshold) })}`));
        wrap.append(radio, label);
        // A pickup option names its place (issue 17): where the buyer collects the order.
        if (option.pickup) {
          const where = [option.pickup.name, option.pickup.address].filter(Boolean).join(' · ');
          const pickup = el('p', `${words.pickupAt}: ${where}`, 'field-hint pickup-place');
          pickup.dataset.pickup = String(option.id);
          wrap.append(pickup);
        }
        if (option.description) wrap.append(el('p', option.description, 'field-hint'));
        options.append(wrap);
      }
      // Collecting at a place needs no delivery address.
      const picked = quote.logistics.find((option) => option.id === chosen);
      form.querySelector('#buyer-address').required = !picked?.pickup;
      form.querySelector('[data-subtotal]').textContent = money(quote.subtotal);
      form.querySelector('[data-shipping]').textContent =
        quote.shipping === null ? '—' : quote.shipping === 0 ? words.free : money(quote.shipping);
      form.querySelector('[data-total]').textContent = money(quote.total);
      button.disabled = placing || quote.logistics.length === 0;
      empty.hidden = true;
      form.hidden = false;
    }

    function markFields(errors) {
      let first = null;
      for (const field of form.querySelectorAll('input[name], textarea[name]')) {
        if (field.name === 'logistic_id') continue;
        const keys = errors ? Object.keys(errors) : [];
        const bad = keys.some((k) => k === field.name || k.endsWith(`.${field.name}`));
        if (bad) field.setAttribute('aria-invalid', 'true');
        else field.removeAttribute('aria-invalid');
        if (bad && !first) first = field;
      }
      return first;
    }

    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      if (placing) return;
      const lines = read();
      if (lines.length === 0) return showEmpty();
      if (!chosen) {
        say(box, words.chooseLogistics, false);
        form.querySelector('[name=logistic_id]')?.focus();
        return;
      }
      if (!form.reportValidity()) return;
      placing = true;
      button.disabled = true;
      say(box, words.placing);
      const value = (name) => form.querySelector(`[name=${name}]`).value.trim();
      try {
        if (typeof window.readerBotCheck !== 'function') throw new Error('no bot check');
        const token = await window.readerBotCheck();
        const reply = await post(root.getAttribute('data-order'), {
          items: lines,
          logistic_id: chosen,
          buyer: { name: value('name'), email: value('email'), phone: value('phone') },
          address: value('address'),
          note: value('note'),
          lang_id: langId,
          token,
        });
        if (reply?.code === 1 && reply.data?.order_number) {
          write([]);
          const url = root.getAttribute('data-order-url');
          window.location.assign(`${url}?order_number=${encodeURIComponent(reply.data.order_number)}`);
          return;
        }
        const first = markFields(reply?.data?.errors);
        say(box, refusal(reply, words), false);
        if (first) first.focus();
        // Stock or prices may have changed: price the cart again.
        void price();
      } catch {
        say(box, words.error, false);
      }
      placing = false;
      button.disabled = false;
    });

    void price();
  }

  // A buyer's order: status, lines, totals, tracking, and the card form while unpaid.
  function startOrder(root) {
    const words = wordsOf(root);
    const number = root.getAttribute('data-order-number');
    // The site's time zone (the browser's when a theme gives none).
    const zone = root.getAttribute('data-zone') || undefined;
    if (!number) return;
    const message = root.querySelector('[data-order-message]');
    const view = root.querySelector('[data-order]');
    const form = root.querySelector('[data-pay-form]');
    const box = form.querySelector('[data-message]');
    const button = form.querySelector('button[type=submit]');
    const refresh = root.querySelector('[data-refresh]');
    const prime = root.getAttribute('data-prime');
    let order = null;
    let paying = false;
    let timer = 0;

    refresh.addEventListener('click', () => void load());

    function deadline() {
      const line = root.querySelector('[data-deadline]');
      line.textContent = '';
      if (order?.status !== 0 || !order.expires_at) return;
      const left = Date.parse(order.expires_at) - Date.now();
      if (left <= 0) {
        line.textContent = words.payExpired;
        form.hidden = true;
        return;
      }
      const time = new Date(order.expires_at).toLocaleTimeString(lang(), {
        hour: '2-digit',
        minute: '2-digit',
        timeZone: zone,
      });
      line.textContent = fill(words.payBy, { time, minutes: Math.ceil(left / 60000) });
    }

    function render() {
      // The 3-D Secure window comes back with its charge's number: the order's own is the one shown and paid.
      root.querySelector('[data-number]').textContent = order.order_number;
      const status = order.status === -1 ? 'status_invalid' : `status_${order.status}`;
      root.querySelector('[data-status]').textContent = words[status] || String(order.status);
      root.querySelector('[data-created]').textContent = new Date(order.created_at).toLocaleString(lang(), {
        timeZone: zone,
      });
      const shipped = order.logistic_code !== '';
      root.querySelector('[data-tracking-row]').hidden = !shipped;
      const tracking = root.querySelector('[data-tracking]');
      tracking.hidden = !shipped;
      tracking.textContent = order.logistic_code;
      const tbody = root.querySelector('[data-lines]');
      tbody.replaceChildren();
      for (const line of order.lines) {
        const row = el('tr');
        row.append(
          el('td', line.sku_name ? `${line.goods_name} · ${line.sku_name}` : line.goods_name),
          el('td', money(line.price)),
          el('td', String(line.qty)),
          el('td', money(line.amount)),
        );
        tbody.append(row);
      }
      root.querySelector('[data-subtotal]').textContent = money(order.subtotal);
      root.querySelector('[data-shipping]').textContent =
        `${order.logistic_name} ${order.logistic_fee > 0 ? money(order.logistic_fee) : words.free}`;
      root.querySelector('[data-total]').textContent = money(order.total);
      const cardholder = form.querySelector('[name="cardholder"]');
      if (cardholder && !cardholder.value) cardholder.value = order.buyer_name;
      const payment = order.payment?.status;
      const unpaid = order.status === 0 && Date.parse(order.expires_at || '') > Date.now();
      form.hidden = !unpaid || payment === 'pending' || !prime;
      refresh.hidden = !(order.status === 0 && payment === 'pending');
      if (order.status === 0 && payment === 'pending') say(message, words.pending);
      else if (order.status === 0 && payment === 'failed') say(message, words.failed, false);
      else if (order.status === 1 && payment === 'paid') say(message, words.paid, true);
      else say(message, '');
      view.hidden = false;
      deadline();
      window.clearInterval(timer);
      if (unpaid) timer = window.setInterval(deadline, 30000);
    }

    async function load() {
      refresh.disabled = true;
      let reply;
      try {
        reply = await post(root.getAttribute('data-get'), { order_number: order?.order_number || number });
      } catch {
        reply = null;
      }
      refresh.disabled = false;
      if (reply?.code !== 1) {
        say(message, reply?.msg || words.orderNotFound, false);
        return;
      }
      order = reply.data;
      render();
    }

    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      if (paying) return;
      if (!form.reportValidity()) return;
      paying = true;
      button.disabled = true;
      say(box, words.paying);
      const field = (name) => form.querySelector(`[name=${name}]`).value.trim();
      try {
        const primeRes = await fetch(prime, {
          method: 'POST',
          credentials: 'omit',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            number: field('number').replace(/\D/g, ''),
            expiry: field('expiry'),
            ccv: field('ccv'),
          }),
        });
        const card = await primeRes.json().catch(() => ({}));
        if (!card.prime) throw new Error('no prime');
        const reply = await post(root.getAttribute('data-pay'), {
          order_number: order?.order_number || number,
          prime: card.prime,
          cardholder: { name: field('cardholder') },
        });
        if (reply?.code === 1 && reply.data?.redirect_url) {
          window.location.assign(reply.data.redirect_url);
          return;
        }
        if (reply?.code === 1 && reply.data?.status === 'paid') {
          say(box, words.paid, true);
          await load();
        } else say(box, reply?.code === 1 ? words.failed : refusal(reply, words), false);
      } catch {
        say(box, words.failed, false);
      }
      paying = false;
      button.disabled = false;
    });

    void load();
  }

  function start() {
    showCount();
    window.addEventListener('storage', (event) => {
      if (event.key === CART_KEY) showCount();
    });
    const goods = document.getElementById('shop-goods');
    if (goods) startGoods(goods);
    const cart = document.getElementById('shop-cart');
    if (cart) startCart(cart);
    const order = document.getElementById('shop-order');
    if (order) startOrder(order);
  }

  if (typeof document === 'undefined') return;
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})();
