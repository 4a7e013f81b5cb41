/** The server's bundle (build-server.mjs, ADR 417). */
export declare const SERVER_DIST: string
export declare const SERVER_BUNDLE: string
export declare function serverBundleIsStale(bundle?: string): boolean
export declare function buildServer(options?: { outdir?: string }): Promise<string>
export declare function ensureServerBundle(): Promise<string>
