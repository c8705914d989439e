export {
  MAX_STORED_LINK,
  checkHandle,
  handleNeedsName,
  ibanChecksumOk,
  isPayNowMobile,
  normaliseHandle,
  precheckHandle,
  type HandleCheck,
  type HandleProblem,
  type Precheck,
  type PrecheckProblem,
} from './handles.js';
export { ibanRegistryProblem, isSepaCountry } from './iban.js';
export { crc16ccittFalse, payNowPayload, tlv, withCrc, type PayNowInput } from './emv.js';
export { EPC_MAX_BYTES, epcPayload, type EpcInput } from './epc.js';
export { upiLink, type UpiInput } from './upi.js';
export { linkPayload, payPalLink, revolutLink } from './links.js';
export { cut, cutBytes, decimalAmount, fieldText, toAscii, utf8Bytes, utf8Length } from './text.js';
export { kindLabels, paymentOptions, type Payment } from './options.js';
