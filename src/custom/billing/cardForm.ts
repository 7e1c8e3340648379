/**
 * The card form's contract. A card form takes the card fields from the buyer and trades them, in the browser, for a
 * gateway's one-time `prime`; the card itself never reaches our API nor storage. The sandbox form
 * (SandboxCardForm.tsx) posts to the built-in gateway's `/sandbox-gateway/prime`; the TapPay form
 * (TapPayCardForm.tsx) renders TapPay's own fields (TPDirect.card.setup, in TapPay's iframes) and answers
 * TPDirect.card.getPrime's prime. CardForm.tsx picks one by the gateway the session names.
 */

/** What a card form lets its page do. */
export interface CardFormHandle {
  /**
   * Checks the fields (showing their errors) and asks the gateway for a prime. Answers null when a field is
   * invalid or the gateway refused the card data: the form then shows why itself.
   */
  getPrime(): Promise<string | null>;
}

export interface CardFormProps {
  disabled?: boolean;
}

/** The card rules the sandbox form checks before asking the gateway (the gateway checks again; TapPay's fields check their own). */
export const CARD_NUMBER = /^\d{13,19}$/;
export const CARD_EXPIRY = /^(0[1-9]|1[0-2])\/(\d{2})$/;
export const CARD_CCV = /^\d{3,4}$/;

/** Luhn's check digit: catches most typing mistakes before the gateway does. */
export function luhnOk(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** MM/YY of this month or later. */
export function expiryOk(text: string, now = new Date()): boolean {
  const m = CARD_EXPIRY.exec(text);
  if (!m) return false;
  const months = (2000 + Number(m[2])) * 12 + Number(m[1]);
  return months >= now.getFullYear() * 12 + now.getMonth() + 1;
}

/** Digits in groups of four, as printed on the card. */
export const groupDigits = (value: string) =>
  value
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');

/** MM/YY as typed: the slash comes by itself after the month. */
export function formatExpiry(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}
