import type { BuildResult } from 'esbuild';

export const SERVER_DIST: string;
export const SERVER_ENTRY: string;
export function buildServer(opts?: { quiet?: boolean }): Promise<BuildResult<{ metafile: true }>>;
export const EXTERNAL: string[];
