// Types for build.mjs (plain JavaScript: it runs before anything is compiled).
export declare const ROOT: string;
export declare const SERVER_ENTRY: string;
export declare function isBuildCurrent(root?: string): Promise<boolean>;
export declare function buildAll(options?: { log?: (line: string) => void }): Promise<void>;
