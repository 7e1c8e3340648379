/*
 * The readers' card forms: /subscribe's (templates/subscribe.liquid, the first payment) and /account's card change
 * (templates/account.liquid, #card-change). The card is traded for a one-time prime at the gateway's endpoint (the
 * sandbox's, on this host), then the page's action (reader/subscription/pay or /card) answers the 3-D Secure
 * window's address, which the page goes to; the window comes back to the same page with ?order_number=, and the
 * outcome is asked of reader/subscription/status. The card never goes to /api.
 */
(() => {
  const post = async (url, body) => {
    const res = await fetch(url, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return res.json();
  };
  const order = new URLSearchParams(location.search).get('order_number');

  /**
   * Pays from `form` on submit: a prime for its card, then `pay(prime, field)` (the action's call), then the window
   * or the outcome. `say` shows a message; `paid` runs when the payment is paid without a window.
   */
  const cardForm = (form, root, say, pay, paid) => {
    if (!form?.querySelector('[name=number]')) return;
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      const button = form.querySelector('button[type=submit]');
      const field = (name) => form.querySelector(`[name=${name}]`);
      if (!root.dataset.prime) return say(root.dataset.failedText);
      button.disabled = true;
      say(root.dataset.payingText);
      try {
        const primeRes = await fetch(root.dataset.prime, {
          method: 'POST',
          credentials: 'omit',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            number: field('number').value.replace(/\D/g, ''),
            expiry: field('expiry').value.trim(),
            ccv: field('ccv').value.trim(),
          }),
        });
        const prime = await primeRes.json();
        if (!prime.prime) throw new Error('no prime');
        const r = await pay(prime.prime, field);
        if (r.code !== 1) throw new Error(r.msg || 'refused');
        if (r.data.redirect_url) {
          location.assign(r.data.redirect_url);
          return;
        }
        if (r.data.status === 'paid') return paid();
        throw new Error('failed');
      } catch {
        say(root.dataset.failedText);
        button.disabled = false;
      }
    });
  };

  const subscribe = document.getElementById('subscribe');
  if (subscribe) {
    const root = subscribe;
    const message = root.querySelector('.subscribe-message');
    const say = (text) => {
      if (message) message.textContent = text;
    };
    if (order) {
      say(root.dataset.payingText);
      post(root.dataset.status, { order_number: order.slice(0, 50) })
        .then((r) => {
          const status = r?.data?.payment?.status;
          if (status === 'paid') say(root.dataset.paidText);
          else if (status === 'pending') say(root.dataset.payingText);
          else say(root.dataset.failedText);
          if (r?.data?.paying) root.classList.add('is-paying');
        })
        .catch(() => say(root.dataset.failedText));
    }
    const cancel = root.querySelector('.subscribe-cancel');
    if (cancel)
      cancel.addEventListener('click', async () => {
        cancel.disabled = true;
        const r = await post(root.dataset.cancel, {}).catch(() => null);
        if (r?.code === 1) location.reload();
        else cancel.disabled = false;
      });
    const form = root.querySelector('.subscribe-form');
    cardForm(
      form,
      root,
      say,
      (prime, field) => {
        const plan = form.querySelector('[name=plan_id]:checked');
        if (!plan) throw new Error('no plan');
        return post(root.dataset.pay, {
          plan_id: Number(plan.value),
          prime,
          cardholder: { name: field('cardholder').value.trim() },
        });
      },
      () => {
        say(root.dataset.paidText);
        location.reload();
      },
    );
  }

  // /account's card change: its outcome is shown after the page is read again (with the new card), `?card=changed`.
  const change = document.getElementById('card-change');
  if (change) {
    const root = change;
    const message = root.querySelector('[data-message]');
    const say = (text) => {
      if (message) message.textContent = text;
    };
    const changed = () => location.replace(`${location.pathname}?card=changed`);
    if (new URLSearchParams(location.search).get('card') === 'changed') say(root.dataset.paidText);
    if (order) {
      say(root.dataset.payingText);
      post(root.dataset.status, { order_number: order.slice(0, 50) })
        .then((r) => {
          const status = r?.data?.payment?.status;
          if (status === 'paid') changed();
          else if (status === 'pending') say(root.dataset.payingText);
          else say(root.dataset.failedText);
        })
        .catch(() => say(root.dataset.failedText));
    }
    cardForm(
      root,
      root,
      say,
      (prime, field) =>
        post(root.dataset.card, { prime, cardholder: { name: field('cardholder').value.trim() } }),
      changed,
    );
  }
})();
