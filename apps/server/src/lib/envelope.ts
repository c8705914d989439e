/** The success envelope of docs/api/README.md#envelope. */
export function ok<T>(data: T, message = 'OK') {
  return { status: 'success' as const, message, data };
}
