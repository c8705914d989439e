import { checkHandle, handleNeedsName, type HandleProblem } from '@outing/payments';
import type { Issue, PaymentMethod, PaymentMethodInput } from '@outing/contract';
import { badRequest } from '../../lib/errors.js';

/**
 * A payment handle's problem in the API's words (docs/api/README.md#payments); the rule is packages/payments'
 * `checkHandle`, which the web app applies too. Messages never repeat the value: a handle is personal data and 400s
 * are logged.
 */
function message(p: HandleProblem): string {
  switch (p.problem) {
    case 'mobile':
      return 'Enter a Singapore mobile number as +65 followed by 8 digits';
    case 'payNow':
      return 'Enter a mobile number as +65 and 8 digits, or a UEN of 9 to 13 letters and digits';
    case 'ibanShape':
      return 'An IBAN starts with a 2-letter country code and 2 check digits, e.g. DE89 3704 0044 0532 0130 00';
    case 'ibanCountry':
      return `${p.country} is not a country that uses IBANs`;
    case 'ibanLength':
      return `An IBAN from ${p.country} has ${p.length} characters; this one has ${p.actual}`;
    case 'ibanChecksum':
      return 'The check digits of this IBAN do not match: look for a typo';
    case 'qrIban':
      return 'This is a QR-IBAN, which takes QR bills only: enter the account’s ordinary IBAN';
    case 'ibanInvalid':
      return `This is not a valid IBAN from ${p.country}: look for a typo in the account number`;
    case 'upi':
      return 'Enter a UPI ID such as name@bank';
    case 'paypal':
      return 'Enter your PayPal.me name: up to 20 letters and digits';
    case 'revolut':
      return 'Enter your Revtag, e.g. @annlee: 3 to 32 letters, digits, dots, dashes or underscores';
    case 'linkUrl':
      return 'Enter a full link starting with https://';
    case 'linkHttps':
      return 'Only https:// links are allowed';
    case 'linkCredentials':
      return 'A payment link may not carry a user name or password';
    case 'linkHost':
      return 'Enter a link to a public website';
    case 'linkTooLong':
      return 'This link is too long (at most 1000 characters)';
  }
}

/**
 * The list as stored, or a 400 naming every bad field (`2.value`, `0.name`). A handle listed twice is refused too.
 */
export function checkPaymentMethods(list: readonly PaymentMethodInput[]): PaymentMethod[] {
  const issues: Issue[] = [];
  const out: PaymentMethod[] = [];
  const seen = new Set<string>();
  list.forEach((m, i) => {
    const checked = checkHandle(m.kind, m.value);
    const name = m.name?.trim() || undefined;
    if ('problem' in checked) issues.push({ path: `${i}.value`, message: message(checked) });
    else if (seen.has(`${m.kind} ${checked.value}`))
      issues.push({ path: `${i}.value`, message: 'This handle is already in the list' });
    else seen.add(`${m.kind} ${checked.value}`);
    if (handleNeedsName(m.kind) && !name)
      issues.push({ path: `${i}.name`, message: 'Enter the account holder’s name, as the bank knows it' });
    if ('value' in checked) out.push({ kind: m.kind, value: checked.value, ...(name ? { name } : {}) });
  });
  const [first] = issues;
  if (first) throw badRequest(`${first.path}: ${first.message}`, issues);
  return out;
}
