export declare const RESTART_FIRST_MS: number;
export declare const RESTART_MAX_MS: number;
export declare const RESTART_RESET_AFTER_MS: number;
/** The next restart of a tier that stopped after `upMs` ms, restarted `failures` times in a row before. */
export declare function nextRestart(failures: number, upMs: number): { failures: number; delayMs: number };
