// The problem codes of a payment handle's check (handles.ts), which the server and the web app each word in their
// own messages; here so that the IBAN registry's check (iban.ts) and handles.ts share them without importing each other.

/** What the web app checks too, and words itself. */
export type PrecheckProblem =
  | 'mobile'
  | 'payNow'
  | 'ibanShape'
  | 'ibanChecksum'
  | 'upi'
  | 'paypal'
  | 'revolut'
  | 'linkUrl'
  | 'linkHttps'
  | 'linkCredentials'
  | 'linkHost';

export type HandleProblem =
  | { problem: PrecheckProblem | 'qrIban' | 'linkTooLong' }
  | { problem: 'ibanCountry'; country: string }
  | { problem: 'ibanLength'; country: string; length: number; actual: number }
  | { problem: 'ibanInvalid'; country: string };

export type HandleCheck = { value: string } | HandleProblem;
