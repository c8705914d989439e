import { cut, cutBytes, decimalAmount, fieldText, utf8Length } from './text.js';

/**
 * EPC069-12 QR payload ("GiroCode") for a SEPA credit transfer, version 002, UTF-8: one element per line (LF),
 * empty lines for skipped elements in the middle, trailing empty ones dropped; at most 331 bytes.
 * Sources: docs/payments.md (section EPC QR).
 */
export type EpcInput = {
  /** The beneficiary, 1 to 70 characters. */
  name: string;
  /** Electronic form: no spaces, upper case. */
  iban: string;
  /** 8 or 11 characters; optional in version 002. */
  bic?: string;
  /** Euros, `.` as the decimal mark, at most two decimals (`"12.34"`), 0.01 to 999999999.99. */
  amount: string;
  /** Unstructured remittance information, cut to 140 characters (and to what the 331 bytes leave). */
  remittance?: string;
};

export const EPC_MAX_BYTES = 331;

export function epcPayload(input: EpcInput): string {
  // Free text is one line whatever is stored: a line break would move the IBAN and amount to other lines.
  const name = cut(fieldText(input.name), 70);
  if (!name) throw new RangeError('an EPC payload needs the beneficiary’s name');
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{1,30}$/.test(input.iban))
    throw new RangeError('not an IBAN in electronic form');
  if (input.bic !== undefined && !/^[A-Z0-9]{8}([A-Z0-9]{3})?$/.test(input.bic))
    throw new RangeError('a BIC has 8 or 11 letters and digits');
  if (!decimalAmount.test(input.amount))
    throw new RangeError('an EPC amount is digits with at most two decimals');
  const value = Number(input.amount);
  if (value < 0.01 || value > 999_999_999.99)
    throw new RangeError('an EPC amount is 0.01 to 999999999.99 EUR');
  const head = ['BCD', '002', '1', 'SCT', input.bic ?? '', name, input.iban, `EUR${input.amount}`, '', ''];
  // What is left of the 331 bytes for the remittance line (its LF included).
  const room = EPC_MAX_BYTES - utf8Length(head.join('\n')) - 1;
  const remittance = cutBytes(cut(fieldText(input.remittance ?? ''), 140), room);
  const lines = [...head, remittance];
  while (lines.at(-1) === '') lines.pop();
  return lines.join('\n');
}
