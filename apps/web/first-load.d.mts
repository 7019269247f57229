export interface FirstLoadFile {
  path: string;
  gzip: number;
}
export function firstLoad(dist?: string): { files: FirstLoadFile[]; js: number; css: number };
export function budget(): { firstLoadJsGzip: number; firstLoadCssGzip: number };
export function checkFirstLoad(dist?: string): { js: number; css: number; problems: string[] };
