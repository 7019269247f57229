export interface FirstLoadFile {
  path: string;
  gzip: number;
}
export function firstLoad(dist?: string): {
  files: FirstLoadFile[];
  js: number;
  css: number;
  /** What index.html names: all that comes before the first paint of the server's HTML. */
  paint: { js: number; css: number };
};
export function budget(): { firstLoadJsGzip: number; firstLoadCssGzip: number };
export function checkFirstLoad(dist?: string): { js: number; css: number; problems: string[] };
