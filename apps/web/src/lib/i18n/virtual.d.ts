declare module 'virtual:outing-catalogue/*' {
  import type { Catalogue } from './i18n';
  const catalogue: Catalogue;
  export default catalogue;
}
