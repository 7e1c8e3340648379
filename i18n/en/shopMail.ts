/** English words of the shop's mails (see zh-TW/shopMail.ts). */
const shopMail = {
  shopMail: {
    line: '%{goods} / %{sku} × %{qty}  %{amount}',
    buyer: {
      subject: 'Your order %{order} at %{site} is paid',
      body: 'Hello %{name},\n\nThank you for your order at "%{site}". Order %{order} is paid, and we will ship it soon.\n\n%{lines}\n\nSubtotal: %{subtotal}\nShipping (%{logistic}): %{shipping}\nTotal: %{total}\n\nShipping address: %{address}\n\nSee your order at any time here:\n%{link}',
    },
    staff: {
      subject: 'New order %{order} (%{total}) — %{site}',
      body: 'A new order on "%{site}" is paid and waits to be shipped.\n\nOrder: %{order}\nBuyer: %{name} <%{email}> %{phone}\nAddress: %{address}\nShipping: %{logistic}\nNote: %{note}\n\n%{lines}\n\nTotal: %{total}\n\nSee it in the back office:\n%{link}',
    },
  },
};

export default shopMail;
