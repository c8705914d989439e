/** The success envelope of api-contract §1. */
export function ok<T>(data: T, message = 'OK') {
  return { status: 'success' as const, message, data };
}
