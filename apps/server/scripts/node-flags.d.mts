/** The node options of the server process (node-flags.mjs). */
export declare const SERVER_NODE_FLAGS: string[]
