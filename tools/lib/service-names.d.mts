// Types of service-names.mjs for the TypeScript spec that imports it.
export declare function readServiceNames(source?: string): string[];
export declare const SERVICE_NAMES: string[];
export declare const APP_NAMES: string[];
