// The globals the machines and the pure helpers they import may use besides the language itself:
// the WHATWG URL parser and timers, which every runtime Kite's machines run in has (browsers, Node,
// workers) and which TypeScript declares only in its DOM library. Only machines/tsconfig.json reads
// this file (the root tsconfig excludes it: there the DOM library declares them). Members are added
// as the pure layer uses them.

interface URLSearchParams {
  get(name: string): string | null;
  set(name: string, value: string): void;
  has(name: string): boolean;
}

interface URL {
  readonly origin: string;
  protocol: string;
  hostname: string;
  pathname: string;
  hash: string;
  href: string;
  readonly searchParams: URLSearchParams;
  toString(): string;
}

declare var URL: { prototype: URL; new (url: string | URL, base?: string | URL): URL };

declare function setTimeout(handler: () => void, timeout?: number): unknown;
declare function clearTimeout(id: unknown): void;
