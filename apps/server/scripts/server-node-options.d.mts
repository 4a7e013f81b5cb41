/** The node options the server process runs with (server-node-options.mjs). */
export declare const SERVER_NODE_OPTIONS: readonly string[]
