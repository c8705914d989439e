/** What this package reads of a parsed URL. */
export type ParsedUrl = {
  readonly href: string;
  readonly protocol: string;
  readonly username: string;
  readonly password: string;
  readonly hostname: string;
};

/**
 * The WHATWG URL parser, which every runtime the package runs in has as a global (Node, browsers). The package is
 * compiled without Node's or the DOM's types, so the one global it uses is typed here. Throws on what it cannot
 * parse, as `new URL` does.
 */
export function parseUrl(text: string): ParsedUrl {
  const { URL } = globalThis as unknown as { URL: new (text: string) => ParsedUrl };
  return new URL(text);
}
