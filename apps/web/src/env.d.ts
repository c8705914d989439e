/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Access-gateway client id, sent as `CF-Access-Client-Id` when set (docs/product.md#calls). */
  readonly VITE_CF_ACCESS_CLIENT_ID?: string;
  /** Access-gateway client secret, sent as `CF-Access-Client-Secret` when set. */
  readonly VITE_CF_ACCESS_CLIENT_SECRET?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
