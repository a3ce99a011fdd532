/** Raw and gzip bytes. */
export interface Figures {
  raw: number;
  gzip: number;
}

export interface InitialBundle extends Figures {
  /** The JavaScript among the entry's files. */
  js: Figures;
  files: Array<Figures & { file: string }>;
  /** Initial JavaScript per route ('/', '/pricing', … or the page module's path). */
  routes: Record<string, Figures>;
}

export function initialBundle(dist: string): InitialBundle;
