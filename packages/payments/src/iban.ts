import { countrySpecs, isSEPACountry, validateIBAN, ValidationErrorsIBAN } from 'ibantools';
import type { HandleProblem } from './problems.js';

/**
 * What an IBAN's country entry in the IBAN registry says of it (ibantools' table): the country uses IBANs, the
 * length is that country's, the check digits match (ISO 13616: 02 to 98), the BBAN has the country's format, and it
 * is no QR-IBAN. Only the server applies it (`checkHandle`): the table stays out of the web app's bundle, which
 * checks the shape and the check digits (`precheckHandle`).
 */
export function ibanRegistryProblem(value: string): HandleProblem | null {
  const country = value.slice(0, 2);
  const length = countrySpecs[country]?.chars;
  if (!length) return { problem: 'ibanCountry', country };
  if (value.length !== length) return { problem: 'ibanLength', country, length, actual: value.length };
  const { errorCodes } = validateIBAN(value, { allowQRIBAN: false });
  if (errorCodes.includes(ValidationErrorsIBAN.WrongIBANChecksum)) return { problem: 'ibanChecksum' };
  if (errorCodes.includes(ValidationErrorsIBAN.QRIBANNotAllowed)) return { problem: 'qrIban' };
  if (errorCodes.length > 0) return { problem: 'ibanInvalid', country };
  return null;
}

/** Whether an account in this country (the IBAN's first two letters) can be paid by a SEPA credit transfer. */
export function isSepaCountry(country: string): boolean {
  return isSEPACountry(country);
}
