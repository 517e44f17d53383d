export function freePort(range?: { from?: number; to?: number }): number;
export function parsePortRange(text: string | undefined): { from?: number; to?: number };
