import rootPackage from '../../package.json' with { type: 'json' };

/** The product version, from the repository's package.json (inlined at build time). */
export const VERSION: string = rootPackage.version;
