export const STAMP_FILE: string;
export function buildFingerprint(root?: string): string;
export function isBuildCurrent(root?: string): boolean;
export function writeBuildStamp(root?: string): void;
